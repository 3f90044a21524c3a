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

describe('background jobs', () => {
  it('run in the one process on the embedded database, in the worker role on PostgreSQL', () => {
    expect(loadConfig({}).jobs.runJobs).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/yc' }).jobs.runJobs).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/yc', RUN_JOBS: '1' }).jobs.runJobs).toBe(true);
    expect(loadConfig({ RUN_JOBS: '0' }).jobs.runJobs).toBe(false);
  });

  it('reads each schedule in seconds and names a variable it cannot read', () => {
    const jobs = loadConfig({ ORDER_SWEEP_SECONDS: '2', REMINDER_SWEEP_SECONDS: '0' }).jobs;
    expect(jobs.orderSweepSeconds).toBe(2);
    expect(jobs.reminderSweepSeconds).toBe(0);
    expect(loadConfig({}).jobs.timeoutSeconds).toBe(600);
    expect(() => loadConfig({ RUN_JOBS: 'yes' })).toThrow(/RUN_JOBS=yes/);
    expect(() => loadConfig({ PAYMENT_SWEEP_SECONDS: '1m' })).toThrow(/PAYMENT_SWEEP_SECONDS=1m/);
    expect(() => loadConfig({ JOB_TIMEOUT_SECONDS: '0' })).toThrow(/JOB_TIMEOUT_SECONDS=0: .*at least 1/);
    // Fractions too: the going-live walk expires an order in 9 seconds (0.15).
    for (const good of ['30', '0.15']) expect(() => loadConfig({ ORDER_EXPIRE_MINUTES: good })).not.toThrow();
    for (const bad of ['0', '0.0', '-5', '30m', '99999', '1e3'])
      expect(() => loadConfig({ ORDER_EXPIRE_MINUTES: bad })).toThrow(/ORDER_EXPIRE_MINUTES=/);
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
