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

describe('numbers and names checked at start', () => {
  it('stops the start naming the variable, for PORT and LOG_LEVEL', () => {
    expect(loadConfig({}).port).toBe(3000);
    expect(loadConfig({ PORT: '3001' }).port).toBe(3001);
    expect(() => loadConfig({ PORT: '30o1' })).toThrow(
      /^PORT=30o1: expected a whole number from 0 to 65535$/,
    );
    expect(loadConfig({ LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/^LOG_LEVEL=verbose: expected one of fatal/);
  });
});
