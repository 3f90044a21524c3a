import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { serverRoot } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { goods as goodsTable, spikeGoods, spikePurchases } from '../src/db/schema';
import { createScratchDatabase, type ScratchDatabase } from '../src/db/scratch';
import { RedisSessionStore } from '../src/lib/session-store';
import { addCartLine, buyerCookie, createBuyer, createGoods, key, makeWarehouse, stockOf } from './factories';
import { testDbKind, testRedisPrefix, testRedisUrl } from './helpers';
import { type ServerProcess, startServer, stopAll, waitForHealth } from './processes';

/**
 * The production path: apps/server/dist built by build.mjs and started with plain `node` (no tsx,
 * no loader) as its own process, used over HTTP like a browser or nginx would.
 */

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** Logs a buyer in through `server` from the client address `ip`; returns the response and its cookie. */
async function login(server: ServerProcess, username: string, password: string, ip: string) {
  const response = await fetch(`${server.baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { ...form, 'x-forwarded-for': ip, origin: server.baseUrl },
    body: new URLSearchParams({ username, password }).toString(),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { response, cookie, body: (await response.json()) as { message: string } };
}

/** A JSON call as the shop or the console makes it (same origin); answers status and body. */
async function api(
  server: ServerProcess,
  method: 'GET' | 'POST',
  url: string,
  cookie: string,
  body?: object,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      cookie,
      origin: server.baseUrl,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: the answer is checked field by field by each test
  return { status: response.status, body: (await response.json()) as any };
}

/** Signs the demo 运营 operator in to the console through `server`; returns its cookie. */
async function operatorLogin(server: ServerProcess) {
  const response = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ username: 'yunying', password: 'Admin@123456' }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The status of a call only a logged-in buyer may make (401 for a visitor). */
const memberCall = (server: ServerProcess, cookie: string) =>
  fetch(`${server.baseUrl}/api/user/jyfw`, { headers: { cookie } }).then((r) => r.status);

beforeAll(() => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverRoot, stdio: 'pipe' });
}, 120_000);

afterAll(stopAll);

describe('the compiled server (apps/server/dist)', () => {
  let scratch: ScratchDatabase | undefined;
  afterAll(() => scratch?.drop());

  it('holds no demo data: that is the separate demo bundle (dist-demo)', () => {
    // ASCII marks of the demo (esbuild writes other characters escaped): a demo goods' approval
    // number (阿莫西林胶囊, demo/catalogue/goods-drugs-1.ts) and the demo loaders' own names.
    const marks = ['H13023964', 'seedAccounts', 'seedSpike', 'demoTransferAccount'];
    const bundle = (file: string) => readFileSync(path.join(serverRoot, file), 'utf8');
    for (const file of ['dist/server.js', 'dist/worker.js'])
      for (const mark of marks) expect(bundle(file).includes(mark), `${mark} in ${file}`).toBe(false);
    for (const mark of marks) expect(bundle('dist-demo/index.js').includes(mark), mark).toBe(true);
  });

  it('migrates, loads the demo data, serves a logged-in buyer and stops on SIGTERM', async () => {
    // On the PostgreSQL run it gets an empty scratch database of its own, else PGlite.
    if (testDbKind === 'postgres') {
      const serverUrl = process.env.TEST_DATABASE_URL;
      if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
      scratch = await createScratchDatabase(serverUrl, 'yc_compiled');
    }
    const server = await startServer(scratch ? { DATABASE_URL: scratch.url } : {});
    expect(await waitForHealth(server)).toEqual({ status: 'ok', database: testDbKind });

    const { response, cookie } = await login(server, '13800000001', 'Demo@123456', '198.51.100.1');
    expect(response.status).toBe(200);
    expect(await memberCall(server, cookie)).toBe(200);

    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 200_000);
});

/**
 * Scale-out as README describes it: two processes on one PostgreSQL and one Redis. Run with the
 * PostgreSQL API run (TEST_DB=postgres) when TEST_DATABASE_URL and TEST_REDIS_URL are both set.
 */
const scaleOutReady = testDbKind === 'postgres' && !!process.env.TEST_DATABASE_URL && !!testRedisUrl;
describe.skipIf(!scaleOutReady)('two server processes on one PostgreSQL and one Redis', () => {
  let scratch: ScratchDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  const sessionCacheMs = 1_000;

  /** The test's own hands on the shared database and Redis (fixtures, sessions, checks). */
  let database: Database;
  let redis: Redis;
  let fixtures: App;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'yc_scaleout');
    const redisPrefix = testRedisPrefix();
    const shared = {
      DATABASE_URL: scratch.url,
      REDIS_URL: testRedisUrl as string,
      REDIS_PREFIX: redisPrefix,
      SESSION_CACHE_MS: String(sessionCacheMs),
    };
    // Both start at once on the empty database: they race for the migrations and the demo data.
    [a, b] = await Promise.all([startServer(shared), startServer(shared)]);
    await Promise.all([waitForHealth(a), waitForHealth(b)]);
    database = await openDatabase({ url: scratch.url, poolSize: 4 });
    redis = new Redis(testRedisUrl as string);
    // The factories need only these two of an app: a session they make is one both processes read.
    fixtures = { db: database.db, sessionStore: new RedisSessionStore(redis, redisPrefix) } as unknown as App;
  }, 200_000);

  afterAll(async () => {
    for (const server of [a, b]) {
      server?.kill('SIGTERM');
      await server?.exited;
    }
    await database?.close();
    redis?.disconnect();
    await scratch?.drop();
  });

  it('applies the migrations once, in one process, while the other waits for them', async () => {
    const journal = JSON.parse(readFileSync(path.join(serverRoot, 'drizzle/meta/_journal.json'), 'utf8'));
    const applied = [a, b].map((server) => /"applied":(\d+)/.exec(server.output())?.[1]);
    expect(applied.sort()).toEqual(['0', String(journal.entries.length)]);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const { rows } = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(rows[0].n).toBe(journal.entries.length);
    } finally {
      await client.end();
    }
    expect([a, b].filter((server) => server.output().includes('demo data loaded'))).toHaveLength(1);
  });

  it('honours a session made on one process on the other, and a logout on one within the cache time', async () => {
    const { response, cookie } = await login(a, '13800000001', 'Demo@123456', '198.51.100.2');
    expect(response.status).toBe(200);
    expect(await memberCall(b, cookie)).toBe(200);

    const logout = await fetch(`${a.baseUrl}/api/user/logout`, {
      method: 'DELETE',
      headers: { cookie, origin: a.baseUrl },
    });
    expect(logout.status).toBe(200);
    expect(await memberCall(a, cookie)).toBe(401);
    // B may still answer from the session it read just before; never after its cache time.
    await new Promise((resolve) => setTimeout(resolve, sessionCacheMs + 100));
    expect(await memberCall(b, cookie)).toBe(401);
  });

  it('counts a rate limit across both processes', async () => {
    // /api/user/phone/:value allows 30 calls a minute per client address.
    const ask = (server: ServerProcess) =>
      fetch(`${server.baseUrl}/api/user/phone/13900000000`, {
        headers: { 'x-forwarded-for': '198.51.100.3' },
      });
    for (let i = 0; i < 15; i++) {
      expect((await ask(a)).status).toBe(200);
      expect((await ask(b)).status).toBe(200);
    }
    expect((await ask(a)).status).toBe(429);
    expect((await ask(b)).status).toBe(429);
  });

  it('locks a login out after five failures spread over both processes', async () => {
    for (const server of [a, b, a, b, a])
      expect((await login(server, '13800000002', 'wrong-password', '198.51.100.4')).response.status).toBe(
        400,
      );
    const refused = await login(b, '13800000002', 'Demo@123456', '198.51.100.4');
    expect(refused.response.status).toBe(429);
    expect(refused.body.message).toContain('密码错误次数过多');
  });

  it('ends every session of a buyer on both processes within the cache time after a password change on one', async () => {
    const ip = '198.51.100.5';
    const onB = await login(a, '13800000003', 'Demo@123456', ip);
    const onA = await login(a, '13800000003', 'Demo@123456', ip);
    expect(await memberCall(b, onB.cookie)).toBe(200);
    const change = await api(a, 'POST', '/api/user/resetPassword', onA.cookie, {
      old_password: 'Demo@123456',
      password: 'Demo@654321',
      confirm_password: 'Demo@654321',
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, sessionCacheMs + 100));
    expect(await memberCall(b, onB.cookie)).toBe(401);
    expect((await login(b, '13800000003', 'Demo@123456', ip)).response.status).toBe(400);
    expect((await login(b, '13800000003', 'Demo@654321', ip)).response.status).toBe(200);
  });

  it("shows an operator's price change made on one process on the other at once, not after its cache time", async () => {
    const buyer = await login(b, '13800000001', 'Demo@123456', '198.51.100.6');
    const operatorCookie = await operatorLogin(a);
    const listUrl = '/api/goods/list?page=1&page_size=10&sort=sales';
    const shown = async () => (await api(b, 'GET', listUrl, buyer.cookie)).body.data.list[0];
    const first = await shown();
    const editor = await api(a, 'GET', `/api/admin/goods/${first.id}`, operatorCookie);
    expect(editor.status).toBe(200);
    const price = Math.round((first.base_price + 1.11) * 100) / 100;
    // B holds the page (ids 5 s, rows 1 s) from the read just made; A's save must reach it now.
    await shown();
    const saved = await api(a, 'POST', `/api/admin/goods/${first.id}`, operatorCookie, {
      ...editor.body.data.fields,
      base_price: price,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await shown();
    expect(after.id).toBe(first.id);
    expect(after.base_price).toBe(price);
  });

  it("answers each process's goods lists and suggestions from its catalogue index with every write committed before the request, in any commit order", async () => {
    const ids = async (server: ServerProcess, query: string) => {
      const { body } = await api(server, 'GET', `/api/goods/list?page=1&page_size=20&${query}`, '');
      return (body.data.list as { id: number }[]).map((g) => g.id);
    };
    const suggested = async (server: ServerProcess, keyword: string) =>
      (await api(server, 'GET', `/api/goods/search?keywords=${encodeURIComponent(keyword)}`, '')).body.data;
    const [one, two] = await database.db
      .select({ id: goodsTable.id })
      .from(goodsTable)
      .where(eq(goodsTable.isOnSale, true))
      .orderBy(goodsTable.id)
      .limit(2);
    const keyword = (name: string) => `keywords=${encodeURIComponent(name)}`;
    for (const server of [a, b]) expect(await ids(server, keyword('索引甲'))).toEqual([]);

    // A write from a third process (this test's own connection): both indexes have it at once.
    await database.db.update(goodsTable).set({ name: '索引甲测试片' }).where(eq(goodsTable.id, one.id));
    for (const server of [a, b]) {
      expect(await ids(server, keyword('索引甲'))).toEqual([one.id]);
      expect(await suggested(server, '索引甲')).toEqual(['索引甲测试片']);
    }

    // Commits out of order: the transaction that noted its change first commits last.
    const held = new pg.Client({ connectionString: scratch.url });
    await held.connect();
    try {
      await held.query('begin');
      await held.query('update goods set name = $1 where id = $2', ['索引乙测试片', two.id]);
      await database.db.update(goodsTable).set({ name: '索引丙测试片' }).where(eq(goodsTable.id, one.id));
      for (const server of [a, b]) {
        expect(await ids(server, keyword('索引丙'))).toEqual([one.id]);
        expect(await ids(server, keyword('索引甲'))).toEqual([]);
        expect(await ids(server, keyword('索引乙'))).toEqual([]);
      }
      await held.query('commit');
    } finally {
      await held.end();
    }
    for (const server of [a, b]) expect(await ids(server, keyword('索引乙'))).toEqual([two.id]);

    // Stock, sales and the sale flag, as orders, payments and the console move them.
    await database.db.update(goodsTable).set({ stockTotal: 0 }).where(eq(goodsTable.id, one.id));
    await database.db.update(goodsTable).set({ salesCount: 10_000_000 }).where(eq(goodsTable.id, two.id));
    for (const server of [a, b]) {
      expect(await ids(server, `${keyword('索引丙')}&in_stock=1`)).toEqual([]);
      expect((await ids(server, 'sort=sales'))[0]).toBe(two.id);
    }
    await database.db.update(goodsTable).set({ isOnSale: false }).where(eq(goodsTable.id, two.id));
    for (const server of [a, b]) {
      expect(await ids(server, keyword('索引乙'))).toEqual([]);
      expect(await suggested(server, '索引乙')).toEqual([]);
      expect((await ids(server, 'sort=sales'))[0]).not.toBe(two.id);
    }
  });

  it('gives one order for one idempotency key sent to both processes at once', async () => {
    const warehouse = await makeWarehouse(database.db);
    const goods = await createGoods(database.db, { warehouseId: warehouse.id, stock: 100, priceFen: 2_000 });
    const buyer = await createBuyer(database.db, { balanceFen: 1_000_000 });
    const cookie = await buyerCookie(fixtures, buyer.user.id);
    const line = await addCartLine(database.db, buyer.user.id, goods.id, warehouse.id, 2);
    const k = key();
    const answers = await Promise.all(
      [a, b, a, b].map((server) =>
        api(server, 'POST', '/api/order/create', cookie, { ids: [line.id] }, { 'idempotency-key': k }),
      ),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
    expect((await stockOf(database.db, goods.id)).quantity).toBe(98);
  });

  it('oversells nothing of a flash sale bought through both processes at once', async () => {
    const warehouse = await makeWarehouse(database.db);
    const goods = await createGoods(database.db, { warehouseId: warehouse.id, stock: 500, priceFen: 5_000 });
    const opCookie = await operatorLogin(a);
    const post = async (url: string, body: object) => {
      const answer = await api(a, 'POST', url, opCookie, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data;
    };
    const now = Date.now();
    const sale = await post('/api/admin/spike', { name: '两进程秒杀' });
    const slot = await post(`/api/admin/spike/${sale.id}/slots`, {
      start_time: Math.floor(now / 1000) - 3_600,
      end_time: Math.floor(now / 1000) + 3_600,
    });
    await post(`/api/admin/spike/slots/${slot.id}/goods`, {
      goods_id: goods.id,
      spike_price: 30,
      stock: 20,
      limit: 1,
    });
    await post(`/api/admin/spike/${sale.id}/status`, { action: 'schedule' });

    // 40 stores, each racing two one-unit orders (one through each process) for 20 units, one per store.
    const orders = [];
    for (let i = 0; i < 40; i++) {
      const buyer = await createBuyer(database.db);
      const cookie = await buyerCookie(fixtures, buyer.user.id);
      for (const [n, server] of [a, b].entries())
        orders.push({
          server,
          cookie,
          line: await addCartLine(database.db, buyer.user.id, goods.id, warehouse.id, 1, n),
        });
    }
    const answers = await Promise.all(
      orders.map((o) =>
        api(
          o.server,
          'POST',
          '/api/order/create',
          o.cookie,
          { ids: [o.line.id] },
          { 'idempotency-key': key() },
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status >= 500)).toHaveLength(0);
    for (const answer of answers.filter((x) => x.status === 409))
      expect(['秒杀商品已抢光', '超出每店限购数量']).toContain(answer.body.message);
    const created = answers.filter((answer) => answer.status === 201);
    const [row] = await database.db.select().from(spikeGoods).where(eq(spikeGoods.goodsId, goods.id));
    expect(row.sold).toBe(20);
    const purchases = await database.db
      .select()
      .from(spikePurchases)
      .where(eq(spikePurchases.goodsId, goods.id));
    expect(purchases.reduce((sum, p) => sum + p.units, 0)).toBe(20);
    expect(new Set(purchases.map((p) => p.userId)).size).toBe(20);
    expect((await stockOf(database.db, goods.id)).quantity).toBe(500 - created.length);
  }, 120_000);
});
