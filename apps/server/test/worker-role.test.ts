import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { serverRoot } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { createScratchDatabase, type ScratchDatabase } from '../src/db/scratch';
import { DbSessionStore } from '../src/lib/session-store';
import { addCartLine, buyerCookie, createBuyer, createGoods, key, makeWarehouse } from './factories';
import { testDbKind } from './helpers';
import { type ServerProcess, startServer, stopAll, waitForHealth, waitForOutput } from './processes';

/**
 * The worker role as README's "Several processes" runs it: compiled web processes and a compiled
 * worker (dist/worker.js) on one PostgreSQL, the jobs on short schedules. Run with the PostgreSQL
 * API run (TEST_DB=postgres and TEST_DATABASE_URL).
 */
const ready = testDbKind === 'postgres' && !!process.env.TEST_DATABASE_URL;

const schedules = {
  ORDER_SWEEP_SECONDS: '2',
  REMINDER_SWEEP_SECONDS: '3',
  PAYMENT_SWEEP_SECONDS: '0',
  JOB_TIMEOUT_SECONDS: '4',
};

async function until(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const count = (output: string, text: string) => output.split(text).length - 1;

describe.skipIf(!ready)('the worker role beside two web processes on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let shared: Record<string, string>;
  let web: ServerProcess;
  let jobWeb: ServerProcess;
  let worker: ServerProcess;
  let db: pg.Client;
  let database: Database;

  /** `n` unpaid orders placed through the web process without jobs, as a browser would. */
  async function placeOrders(n: number): Promise<number[]> {
    const fixtures = { db: database.db, sessionStore: new DbSessionStore(database.db) } as unknown as App;
    const warehouse = await makeWarehouse(database.db);
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const goods = await createGoods(database.db, { warehouseId: warehouse.id, stock: 10, priceFen: 5_000 });
      const buyer = await createBuyer(database.db);
      const cookie = await buyerCookie(fixtures, buyer.user.id);
      const line = await addCartLine(database.db, buyer.user.id, goods.id, warehouse.id, 1);
      const response = await fetch(`${web.baseUrl}/api/order/create`, {
        method: 'POST',
        headers: {
          cookie,
          origin: web.baseUrl,
          'content-type': 'application/json',
          'idempotency-key': key(),
        },
        body: JSON.stringify({ ids: [line.id] }),
      });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { data: { id: number } }).data.id);
    }
    return ids;
  }

  const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await db.query(text, values)).rows as T[];
  const statusOf = async (ids: number[]) =>
    (await query<{ status: string }>('select status from orders where id = any($1)', [ids])).map(
      (r) => r.status,
    );
  /** Per order: how many times it was expired, and how many 订单已自动取消 messages it has. */
  const expiries = async (ids: number[]) =>
    query<{ id: number; events: number; messages: number }>(
      `select o.id,
        (select count(*)::int from order_events e where e.order_id = o.id and e.event = 'expire') as events,
        (select count(*)::int from messages m where m.link = '/order/info/' || o.id and m.title = '订单已自动取消') as messages
       from orders o where o.id = any($1) order by o.id`,
      [ids],
    );
  const expireNow = (ids: number[]) =>
    query(`update orders set expires_at = now() - interval '1 minute' where id = any($1)`, [ids]);

  beforeAll(async () => {
    execFileSync(process.execPath, ['build.mjs'], { cwd: serverRoot, stdio: 'pipe' });
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'yc_worker');
    shared = { DATABASE_URL: scratch.url, ...schedules };
    // All three start at once on the empty database: one migrates and loads the demo data.
    [web, jobWeb, worker] = await Promise.all([
      startServer(shared),
      startServer({ ...shared, RUN_JOBS: '1' }),
      startServer(shared, 'dist/worker.js'),
    ]);
    await Promise.all([waitForHealth(web), waitForHealth(jobWeb)]);
    await waitForOutput(worker, /worker is running the background jobs on postgres/);
    db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    database = await openDatabase({ url: scratch.url, poolSize: 2 });
  }, 240_000);

  afterAll(async () => {
    await db?.end();
    await database?.close();
    await stopAll();
    await scratch?.drop();
  });

  it('cancels an expired order once and writes each reminder once, in the processes that run jobs only', async () => {
    const first = await placeOrders(3);
    await expireNow(first);
    await until('the expired orders are cancelled', async () =>
      (await statusOf(first)).every((s) => s === 'cancelled'),
    );
    // Two reminder slots done, and a few more order slots for any second cancelling to show.
    await until('two reminder runs completed', async () => {
      const [row] = await query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where name = 'reminders' and state = 'completed'`,
      );
      return row.n >= 2;
    });
    await new Promise((resolve) => setTimeout(resolve, 4_000));

    expect(await expiries(first)).toEqual(first.map((id) => ({ id, events: 1, messages: 1 })));
    const [reminders] = await query<{ n: number; distinct: number }>(
      `select count(*)::int as n, count(distinct (user_id, dedupe_key))::int as distinct
       from messages where dedupe_key is not null`,
    );
    expect(reminders.n).toBeGreaterThan(0);
    expect(reminders.n).toBe(reminders.distinct);

    // One job per slot, each run by one process: the web process without RUN_JOBS ran none.
    const [slots] = await query<{ jobs: number; slots: number }>(
      `select count(*)::int as jobs, count(distinct singleton_on)::int as slots
       from pgboss.job where name = 'reminders'`,
    );
    expect(slots.jobs).toBe(slots.slots);
    const done = (p: ServerProcess) => count(p.output(), 'background job reminders done');
    const [completed] = await query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'reminders' and state = 'completed'`,
    );
    expect(done(worker) + done(jobWeb)).toBe(completed.n);
    expect(web.output()).not.toContain('background job');
  }, 120_000);

  it('runs a job again after its worker was killed in the middle of it, doing nothing twice', async () => {
    // Only one worker from here on, so that the job in progress is its own.
    for (const p of [jobWeb, worker]) {
      p.kill('SIGTERM');
      expect(await p.exited).toBe(0);
    }
    const rest = await placeOrders(3);
    await expireNow(rest);
    // The test holds the orders' rows: the sweep stops in its first order's transaction.
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from orders where id = any($1) for update', [rest]);

    const doomed = await startServer(shared, 'dist/worker.js');
    await waitForOutput(doomed, /background job order-expire started/);
    const [active] = await query<{ id: string }>(
      `select id from pgboss.job where name = 'order-expire' and state = 'active'`,
    );
    expect(active).toBeDefined();
    doomed.kill('SIGKILL');
    await doomed.exited;
    await holder.query('rollback');
    await holder.end();
    expect(await statusOf(rest)).toEqual(rest.map(() => 'pending_payment'));

    // A new worker: the lost job times out (JOB_TIMEOUT_SECONDS), is retried and completes.
    const restarted = await startServer(shared, 'dist/worker.js');
    await until('the killed job ran again to completion', async () => {
      const [job] = await query<{ state: string }>(
        `select state from pgboss.job where name = 'order-expire' and id = $1
         union all select state from pgboss.archive where name = 'order-expire' and id = $1`,
        [active.id],
      );
      return job?.state === 'completed';
    });
    const [job] = await query<{ retry_count: number }>('select retry_count from pgboss.job where id = $1', [
      active.id,
    ]);
    expect(job.retry_count).toBeGreaterThanOrEqual(1);
    await until('the orders are cancelled', async () =>
      (await statusOf(rest)).every((s) => s === 'cancelled'),
    );
    expect(await expiries(rest)).toEqual(rest.map((id) => ({ id, events: 1, messages: 1 })));
    expect(restarted.output()).toContain('background job order-expire done');
  }, 180_000);
});
