import type { JobsOverview } from '@yaocai/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operatorCookie } from '../../../test/factories';
import { createTestApp, type TestContext, testDbKind } from '../../../test/helpers';
import { auditLog } from '../../db/schema';
import { orderExpireJob } from '../order/jobs';

// 系统 → 后台任务 on the runner of the test database: the in-process timers on PGlite, the job
// queue on PostgreSQL. The order-expiry job runs every second and fails until the screen shows
// a failed run (on the queue: after its three retries).

let ctx: TestContext;
let admin: { cookie: string; operatorId: number };
const run = vi.spyOn(orderExpireJob, 'run').mockRejectedValue(new Error('数据库连接中断'));

beforeAll(async () => {
  ctx = await createTestApp({
    seed: false,
    config: {
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
  admin = await operatorCookie(ctx.app, 'super_admin');
});
afterAll(() => ctx.close());

const overview = async (cookie = admin.cookie) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as JobsOverview;
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

describe('background jobs screen', () => {
  it('lists every job kind with its schedule; a failure with its error, then a run that succeeds', async () => {
    const failed = await until(overview, (o) => o.failed.length > 0);
    run.mockRestore();
    expect(failed.runner).toBe(testDbKind === 'postgres' ? 'queue' : 'in_process');
    expect(failed.kinds.map((k) => [k.name, k.every_seconds])).toEqual([
      ['order-expire', 1],
      ['order-auto-receive', 1],
      ['reminders', 0],
      ['points-expire', 0],
      ['refund-poll', 0],
      ['webhook-deliver', 0],
    ]);
    expect(failed.failed[0]).toMatchObject({
      kind: 'order-expire',
      title: '超时未付订单取消',
      state: 'failed',
    });
    expect(failed.failed[0].error).toContain('数据库连接中断');

    const later = await until(overview, (o) => o.kinds[0].last_run?.state === 'completed');
    const expire = later.kinds[0];
    expect(expire.last_run?.state).toBe('completed');
    expect(expire.next_run_at).toBeGreaterThanOrEqual(expire.last_run?.started_at ?? 0);
    expect(later.kinds[2]).toMatchObject({ name: 'reminders', last_run: null, next_run_at: null });
  }, 60_000);

  it('retries a failed run (audited); an unknown one is 404, a 运营 operator is refused', async () => {
    const { failed } = await overview();
    const failure = failed[0];
    const retried = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${failure.kind}/runs/${failure.id}/retry`,
      headers: { cookie: admin.cookie },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(['completed', 'retry', 'running']).toContain(retried.json().data.state);
    expect((await overview()).failed.map((f) => f.id)).not.toContain(failure.id);
    const rows = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.retry'), eq(auditLog.targetId, failure.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0].operatorId).toBe(admin.operatorId);

    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${failure.kind}/runs/${failure.id}/retry`,
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('没有这条失败的任务，可能已经重试过');

    const operations = await operatorCookie(ctx.app, 'operations');
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/jobs',
      headers: { cookie: operations.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });
});
