import { defineConfig } from 'vitest/config';

// End-to-end journeys: the real server (fresh embedded database with demo data) and Chromium.
// Journey files run on two workers (E2E_WORKERS overrides): each has its own server, database copy
// and browser. On the busy 2-core CI machine two workers took the suite from 815 s to 531 s. A
// worker's files share its module graph (isolate: false, as the API files do): a fresh process per
// file spent 7 s importing the server and the test tools (ten files on an idle 2-core machine:
// 193 s isolated, 146 s shared). The browser stays one per file: one Chromium kept for a worker's
// files (143 s on those ten) made the last files of a whole run up to three times slower.
const workers = Number(process.env.E2E_WORKERS ?? 2);
export default defineConfig({
  test: {
    name: 'e2e',
    root: __dirname,
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    // The console check after each test (support/console-check.ts).
    setupFiles: ['support/console-check.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll gives up after 1 s by default; on the busy CI machine a dialog's lazy chunk
    // plus the request it sends can take longer (order.e2e's cancel failed that way once).
    expect: { poll: { timeout: 15_000, interval: 100 } },
    fileParallelism: workers > 1,
    maxWorkers: workers,
    minWorkers: 1,
    pool: 'forks',
    poolOptions: { forks: { isolate: false } },
  },
});
