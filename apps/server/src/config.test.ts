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

describe('PG_BIN_DIR (backup and restore tools)', () => {
  it('is the PATH when unset, and must name an absolute folder holding pg_dump', () => {
    expect(loadConfig({}).pgBinDir).toBeUndefined();
    expect(() => loadConfig({ PG_BIN_DIR: 'bin' })).toThrow(/^PG_BIN_DIR=bin: expected an absolute folder/);
    expect(() => loadConfig({ PG_BIN_DIR: '/nonexistent/pg/bin' })).toThrow(/^PG_BIN_DIR=/);
  });
});
