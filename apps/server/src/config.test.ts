import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('demo data by default', () => {
  it('loads for the one-command demo, never under NODE_ENV=production unless asked for', () => {
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: '1' }).seedDemoData).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: '0' }).seedDemoData).toBe(false);
  });
});
