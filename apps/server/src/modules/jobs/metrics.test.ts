import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext, testDbKind } from '../../../test/helpers';
import { parseExposition, sampleValue } from '../../../test/metrics-text';
import { orderExpireJob } from '../order/jobs';

// yaocai_jobs_depth and yaocai_jobs_failed_total from a real run of the runner of the test
// database (the in-process timers on PGlite, the pg-boss queue on PostgreSQL): the order-expiry
// job runs every second and fails for a while; what a scrape reads must agree with the runner's
// own record (the queue's tables on PostgreSQL, the in-process record on PGlite).

let ctx: TestContext;
const run = vi.spyOn(orderExpireJob, 'run').mockRejectedValue(new Error('数据库连接中断'));
const QUEUE = 'order-expire';

beforeAll(async () => {
  ctx = await createTestApp({
    seed: false,
    config: {
      metricsPort: 0,
      jobs: {
        runJobs: true,
        orderSweepSeconds: 1,
        paymentSweepSeconds: 0,
        reminderSweepSeconds: 0,
        webhookSweepSeconds: 0,
        timeoutSeconds: 60,
      },
    },
  });
});
afterAll(() => ctx.close());

const scrape = async () => parseExposition(await ctx.app.metrics.registry.metrics());

interface Record {
  /** Jobs of the queue per state (the states the gauge reports). */
  depth: { [state: string]: number };
  /** Failed runs so far. */
  failures: number;
}

/** The runner's own record of the order-expiry queue. */
async function record(): Promise<Record> {
  if (testDbKind === 'postgres') {
    const { rows } = (await ctx.app.db.execute(
      sql`select state, count(*)::int as n,
        sum(retry_count + case when state in ('retry', 'failed') then 1 else 0 end)::int as failures
        from pgboss.job where name = ${QUEUE} group by state`,
    )) as unknown as { rows: { state: string; n: number; failures: number }[] };
    const depth: Record['depth'] = { created: 0, retry: 0, active: 0, failed: 0 };
    for (const row of rows) if (row.state in depth) depth[row.state] = row.n;
    return { depth, failures: rows.reduce((sum, row) => sum + row.failures, 0) };
  }
  const overview = await ctx.app.jobs.overview(new Date());
  const failed = overview.failed.filter((r) => r.kind === QUEUE).length;
  return {
    depth: { active: overview.running.filter((r) => r.kind === QUEUE).length, failed },
    failures: failed,
  };
}

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 40_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('job metrics from a real run', () => {
  it('count each failed run and report the queue per state as the runner records it', async () => {
    await until('two runs failed', async () => {
      const { samples } = await scrape();
      return (sampleValue(samples, 'yaocai_jobs_failed_total', { queue: QUEUE }) ?? 0) >= 2;
    });
    run.mockRestore();

    // A scrape between two identical readings of the runner's record (jobs keep moving).
    let matched = false;
    await until('a scrape taken while the queue stood still', async () => {
      const before = await record();
      const { samples } = await scrape();
      const after = await record();
      if (JSON.stringify(before) !== JSON.stringify(after)) return false;
      for (const [state, count] of Object.entries(after.depth))
        expect(sampleValue(samples, 'yaocai_jobs_depth', { queue: QUEUE, state }), state).toBe(count);
      expect(sampleValue(samples, 'yaocai_jobs_failed_total', { queue: QUEUE })).toBe(after.failures);
      matched = true;
      return true;
    });
    expect(matched).toBe(true);

    const { samples } = await scrape();
    // The other scheduled kind is reported too; kinds that are off are not.
    expect(sampleValue(samples, 'yaocai_jobs_depth', { queue: 'order-auto-receive', state: 'failed' })).toBe(
      0,
    );
    expect(samples.some((s) => s.name === 'yaocai_jobs_depth' && s.labels.queue === 'reminders')).toBe(false);
    // No failure of the kind that never failed.
    expect(sampleValue(samples, 'yaocai_jobs_failed_total', { queue: 'order-auto-receive' })).toBeUndefined();
  }, 60_000);
});
