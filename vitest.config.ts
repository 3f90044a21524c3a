import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and API tests. E2E has its own config (e2e/vitest.config.ts), run by scripts/test.mjs.
//
// At least two workers: Vitest's default (cores - 1) is one on the 2-core CI machine, and the
// API files spend much of their time waiting on the database. Test files share their worker's
// module graph (isolate: false; each API file builds its own app and database), and importing
// the app once per worker instead of once per file took the PGlite stage from 181 s
// to 70 s and the PostgreSQL stage from 179 s to 64 s on an idle 2-core machine.
const workers = Math.max(2, availableParallelism() - 1);
export default defineConfig({
  test: {
    maxWorkers: workers,
    minWorkers: 1,
    // One forks pool serves every project, so this is read from the root config only.
    poolOptions: { forks: { isolate: false } },
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'web-client', include: ['packages/web-client/src/**/*.test.{ts,tsx}'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      { test: { name: 'shop', include: ['apps/shop/src/**/*.test.{ts,tsx}'] } },
      { test: { name: 'admin', include: ['apps/admin/src/**/*.test.{ts,tsx}'] } },
      { test: { name: 'h5', include: ['apps/h5/src/**/*.test.{ts,tsx}'] } },
    ],
  },
});
