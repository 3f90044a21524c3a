// Cart budgets (issue: cart): on PostgreSQL at 32 connections, GET /api/cart/list with a
// 100-line cart p99 < 50 ms, POST /api/cart p99 < 30 ms.
// Creates a fresh PostgreSQL database with the demo data, gives one demo store 100 cart lines,
// starts the server entry as a child process (so autocannon does not share its event loop)
// and runs autocannon against it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { and, asc, eq, gt } from 'drizzle-orm';
import pg from 'pg';
import { seedDemoData } from '../../apps/server/demo/seed';
import { openDatabase } from '../../apps/server/src/db/client';
import { cartItems, goods, goodsStock, users } from '../../apps/server/src/db/schema';
import { createScratchDatabase } from '../../apps/server/src/db/scratch';
import { DbSessionStore } from '../../apps/server/src/lib/session-store';
import { cpuSince, cpuSnapshot, withAppName } from '../proc-cpu';
import { type BenchServer, startBare, startServer } from '../server';

/** Statements POST /api/cart runs in sequence (see the floor scenario). */
const ADD_ROUND_TRIPS = 2;
/** Statements of GET /api/cart/list per stage (a stage's run in parallel), for its floor. */
const LIST_STAGES = '1.1.2';
/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface CartBenchOptions {
  /** PostgreSQL server URL to create the bench database on. */
  adminUrl?: string;
  port?: number;
  connections?: number;
  durationSeconds?: number;
  lines?: number;
}

export interface CartBenchFigures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** null: a reference run without a budget. */
  budgetP99: number | null;
}

export async function prepareDatabase(url: string, lineCount: number, addStores: number) {
  const database = await openDatabase({ url, poolSize: 4 });
  try {
    await seedDemoData(database.db, new Date());
    const [listUser, addUser] = await database.db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .orderBy(asc(users.id))
      .limit(2);
    // One store per connection for the add scenario: 32 buyers each adding to their own cart.
    const addStoreIds = (
      await database.db
        .insert(users)
        .values(
          Array.from({ length: addStores }, (_, i) => ({
            companyId: listUser.companyId,
            phone: `1770000${String(i).padStart(4, '0')}`,
            passwordHash: 'x',
            name: '压测',
            storeName: `压测门店${i + 1}`,
          })),
        )
        .returning({ id: users.id })
    ).map((u) => u.id);
    // One line per goods with stock, at its minimum quantity, from its fullest warehouse.
    const stocked = await database.db
      .select({
        goodsId: goods.id,
        warehouseId: goodsStock.warehouseId,
        min: goods.minQuantity,
        step: goods.stepQuantity,
        stock: goodsStock.quantity,
      })
      .from(goods)
      .innerJoin(goodsStock, eq(goodsStock.goodsId, goods.id))
      .where(and(eq(goods.isBuy, true), eq(goods.isOnSale, true), gt(goodsStock.quantity, 200)))
      .orderBy(asc(goods.id));
    const seen = new Set<number>();
    const rows = [];
    for (const s of stocked) {
      if (seen.has(s.goodsId) || rows.length >= lineCount) continue;
      seen.add(s.goodsId);
      const quantity = Math.ceil(Math.max(1, s.min) / Math.max(1, s.step)) * Math.max(1, s.step);
      rows.push({ userId: listUser.id, goodsId: s.goodsId, warehouseId: s.warehouseId, quantity });
    }
    if (rows.length < lineCount) throw new Error(`only ${rows.length} goods with stock for the cart`);
    await database.db.delete(cartItems);
    await database.db.insert(cartItems).values(rows);
    // The add scenario merges into one line again and again: give its goods room.
    const addGoods = stocked.find((s) => s.min <= 1 && s.step <= 1) ?? stocked[0];
    await database.db
      .update(goodsStock)
      .set({ quantity: 1_000_000_000 })
      .where(and(eq(goodsStock.goodsId, addGoods.goodsId), eq(goodsStock.warehouseId, addGoods.warehouseId)));
    const store = new DbSessionStore(database.db);
    const listSid = randomBytes(32).toString('base64url');
    const addSid = randomBytes(32).toString('base64url');
    await store.set(listSid, { userId: listUser.id, loginAt: Date.now() }, 3600);
    await store.set(addSid, { userId: addUser.id, loginAt: Date.now() }, 3600);
    const storeCookies: string[] = [];
    for (const userId of addStoreIds) {
      const sid = randomBytes(32).toString('base64url');
      await store.set(sid, { userId, loginAt: Date.now() }, 3600);
      storeCookies.push(`yc_sid=${sid}`);
    }
    return {
      storeCookies,
      listUserId: listUser.id,
      listCookie: `yc_sid=${listSid}`,
      addCookie: `yc_sid=${addSid}`,
      addLine: {
        goods_id: addGoods.goodsId,
        number: Math.max(1, addGoods.step),
        ck_id: addGoods.warehouseId,
      },
    };
  } finally {
    await database.close();
  }
}

/** Whose CPU a run counts: the server process and its PostgreSQL backends (by application name). */
interface CpuWatch {
  admin: pg.Client;
  appName: string;
  server(): BenchServer | undefined;
}

/** Set by runCartBench for its runs. */
let watch: CpuWatch | undefined;

async function cannon(
  name: string,
  budgetP99: number | null,
  options: autocannon.Options,
): Promise<CartBenchFigures> {
  // Warm up (JIT, pool, caches), then measure.
  await autocannon({ ...options, duration: 2 });
  const server = watch?.server();
  const before = watch && server ? await cpuSnapshot(watch.admin, server.pid, watch.appName) : undefined;
  const result = await autocannon(options);
  const cpu =
    watch && server && before ? await cpuSince(watch.admin, server.pid, watch.appName, before) : undefined;
  const requests = result.requests.total || 1;
  const cpuText = cpu
    ? `; CPU per request: Node ${(cpu.nodeMs / requests).toFixed(2)} + PostgreSQL ${(cpu.pgMs / requests).toFixed(2)} ms, ${Math.round(result.throughput.total / requests)} B on the wire each`
    : '';
  const figures = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    budgetP99,
  };
  console.log(
    `${name}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms ${budgetP99 === null ? '' : ` (budget p99 < ${budgetP99} ms${figures.p99 < budgetP99 ? ' ✔' : ' ✘'})`}${figures.non2xx ? `, ${figures.non2xx} non-2xx` : ''}${cpuText}`,
  );
  return figures;
}

export async function runCartBench(opts: CartBenchOptions = {}): Promise<CartBenchFigures[]> {
  const adminUrl =
    opts.adminUrl ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const port = opts.port ?? 3931;
  const connections = opts.connections ?? 32;
  const duration = opts.durationSeconds ?? 10;
  const scratch = await createScratchDatabase(adminUrl, process.env.BENCH_SCRATCH_PREFIX ?? 'yc_bench_cart');
  let server: BenchServer | undefined;
  const appName = `cart-bench-${process.pid}`;
  const admin = new pg.Client({ connectionString: scratch.url });
  try {
    const prepared = await prepareDatabase(scratch.url, opts.lines ?? 100, connections);
    await admin.connect();
    watch = { admin, appName, server: () => server };
    // BENCH_LOG_STATEMENTS=1: PostgreSQL logs every statement on this database (its server log).
    if (process.env.BENCH_LOG_STATEMENTS)
      await admin.query(
        `alter database "${new URL(scratch.url).pathname.slice(1)}" set log_min_duration_statement = 0`,
      );
    server = await startServer(withAppName(scratch.url, appName), port);
    const base = server.base;
    // BENCH_CART_ONLY=list|add runs one scenario (for profiling).
    const only = process.env.BENCH_CART_ONLY;
    const figures: CartBenchFigures[] = [];
    if (only !== 'add') {
      const list = { url: `${base}/api/cart/list?filters=99999&new=1`, connections, duration };
      figures.push(
        // The budget scenario, as measured at every stop: the state as JSON, uncompressed.
        await cannon(`GET /api/cart/list (${opts.lines ?? 100} lines, ${connections} connections)`, 50, {
          ...list,
          headers: { cookie: prepared.listCookie },
        }),
        // What a browser asks for: the same state gzip-compressed (89 KB -> 11 KB on the wire, for
        // 0.25 ms of the server's CPU per response, which this two-core machine feels).
        await cannon(`GET /api/cart/list, compressed for a browser (${connections} connections)`, null, {
          ...list,
          headers: { cookie: prepared.listCookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
        }),
      );
    }
    if (only !== 'list') {
      // The budget scenario: 32 stores adding to their own carts, requests handed to the stores in
      // turn (the first add of a store creates its line, later ones merge into it).
      let next = 0;
      const body = JSON.stringify({ params: [prepared.addLine] });
      figures.push(
        await cannon(
          `POST /api/cart, ${connections} stores adding to their own carts (${connections} connections)`,
          30,
          {
            url: `${base}/api/cart`,
            connections,
            duration,
            requests: [
              {
                method: 'POST',
                setupRequest: (request) => ({
                  ...request,
                  body,
                  headers: {
                    ...request.headers,
                    cookie: prepared.storeCookies[next++ % prepared.storeCookies.length],
                    'content-type': 'application/json',
                    // What a browser sends on every POST (the CSRF check requires it).
                    origin: base,
                  },
                }),
              },
            ],
          },
        ),
      );
      // Worst case, for reference: every connection adds to the same line of the same store, so
      // the adds queue on that row's lock (held until each commit is flushed).
      figures.push(
        await cannon(`POST /api/cart, all into one line of one store (${connections} connections)`, null, {
          url: `${base}/api/cart`,
          method: 'POST',
          connections,
          duration,
          headers: { cookie: prepared.addCookie, 'content-type': 'application/json', origin: base },
          body,
        }),
      );
    }
    // The floor on this machine: bare Fastify answering a hello-world, and the very same cart
    // state (serialised per request) without any database or pricing work.
    const body = await (
      await fetch(`${base}/api/cart/list?filters=99999&new=1`, { headers: { cookie: prepared.listCookie } })
    ).text();
    await server.stop();
    server = undefined;
    const jsonFile = path.join(mkdtempSync(path.join(tmpdir(), 'yc-bench-')), 'cart-state.json');
    writeFileSync(jsonFile, body);
    server = await startBare(port, jsonFile, withAppName(scratch.url, appName), prepared.listUserId);
    figures.push(
      await cannon(`bare Fastify hello-world (${connections} connections)`, null, {
        url: `${server.base}/hello`,
        connections,
        duration,
      }),
      await cannon(
        `bare Fastify serving the same ${Math.round(Buffer.byteLength(body) / 1024)} KB cart state, compressed for a browser (${connections} connections)`,
        null,
        {
          url: `${server.base}/json`,
          connections,
          duration,
          headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
        },
      ),
      await cannon(
        `bare Fastify serving the same ${Math.round(Buffer.byteLength(body) / 1024)} KB cart state, uncompressed (${connections} connections)`,
        null,
        { url: `${server.base}/json`, connections, duration },
      ),
      // The list's statements as it makes them (the session and the promotions cached): the
      // buyer's standing, then the cart rows and the unshipped amount together, then the flash
      // sale's and the daily special's lines together. The same trivial queries in the same
      // stages, then the body:
      await cannon(
        `bare Fastify + the list's ${LIST_STAGES.replaceAll('.', '+')} trivial queries in stages, then the same cart state, compressed (${connections} connections)`,
        null,
        {
          url: `${server.base}/json?stages=${LIST_STAGES}`,
          connections,
          duration,
          headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
        },
      ),
      // The list's own reads (the app's functions and statements, in the list's stages), then the
      // same body: the floor with the database work the list really does, less pricing and shaping.
      await cannon(
        `bare Fastify + the list's own reads (the app's statements), then the same cart state, compressed (${connections} connections)`,
        null,
        {
          url: `${server.base}/cart-reads`,
          connections,
          duration,
          headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
        },
      ),
      await cannon(
        `bare Fastify + the list's own reads, then the same cart state, uncompressed (${connections} connections)`,
        null,
        { url: `${server.base}/cart-reads`, connections, duration },
      ),
      // A one-line add is ADD_ROUND_TRIPS statements in sequence (the session is cached): goods,
      // stock and the line in one read, then one guarded write. The same number of trivial
      // prepared queries, and nothing else:
      await cannon(
        `bare Fastify + ${ADD_ROUND_TRIPS} sequential trivial queries, the round trips of an add (${connections} connections)`,
        null,
        { url: `${server.base}/db?n=${ADD_ROUND_TRIPS}`, connections, duration },
      ),
    );
    return figures;
  } finally {
    watch = undefined;
    await server?.stop();
    await admin.end().catch(() => {});
    await scratch.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runCartBench();
