import { defineConfig } from 'vitest/config';

// End-to-end journeys: the real server (fresh embedded database with demo data) and Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: __dirname,
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
