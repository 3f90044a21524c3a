import { defineConfig } from 'vitest/config';

// Unit and API tests. E2E has its own config (e2e/vitest.config.ts), run by scripts/test.mjs.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'web-client', include: ['packages/web-client/src/**/*.test.{ts,tsx}'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      { test: { name: 'shop', include: ['apps/shop/src/**/*.test.{ts,tsx}'] } },
      { test: { name: 'admin', include: ['apps/admin/src/**/*.test.{ts,tsx}'] } },
    ],
  },
});
