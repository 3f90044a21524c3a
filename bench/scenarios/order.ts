/**
 * Order budgets on PostgreSQL with 100,000 goods (issue: checkout, payment and orders):
 *   create order with 20 lines   p99 < 150 ms at 16 connections
 *   order list page              p99 < 50 ms (16 connections), req/s beside a bare Fastify route
 * Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/scenarios/order.ts
 * (a scratch database is created and dropped; the server runs as a child process, bench/server.ts).
 * `run()` is exported for bench/run.ts.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { createScratchDatabase } from '../../apps/server/src/db/scratch';
import { DbSessionStore } from '../../apps/server/src/lib/session-store';
import { BUYER_COOKIE } from '../../apps/server/src/plugins/session';
import { type BenchServer, startBare, startServer } from '../server';
import { licenseCompany } from './licences';

const GOODS = 100_000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ORDERS_PER_BUYER = 120;
/** Orders each buyer places first, unmeasured: JIT, pool connections and statement plans warm up. */
const WARM_UP_ORDERS = 5;
const LINES = 20;
/** Statements GET /api/order/list runs in sequence (the session is cached): page, preview lines. */
const LIST_ROUND_TRIPS = 2;

export async function fill(client: pg.Client) {
  await client.query(
    `insert into warehouses (code, name) values ('BJ', '北方仓（天津）'), ('HZ', '主仓（杭州）')`,
  );
  await client.query(`
    insert into goods (sku, name, common_name, kind, manufacturer, spec, unit, approval_no, scope_class,
                       base_price_fen, stock_total)
    select 'B' || i, '阿莫西林胶囊' || i, '阿莫西林胶囊', 'drug', '华北制药股份有限公司', '0.25g*24粒', '盒',
           '国药准字H' || i, 'kssz', 500 + (i % 5000), 1000000
    from generate_series(1, ${GOODS}) i`);
  await client.query(
    `insert into goods_stock (goods_id, warehouse_id, quantity) select id, 1 + (id % 2), 1000000 from goods`,
  );
}

/** One POST /api/order/create of a bench run: the buyer's cookie and the body. */
export interface OrderJob {
  cookie: string;
  body: string;
}

/**
 * Places every job once through autocannon at `connections`, each with a fresh idempotency key
 * and the Origin a browser sends (the CSRF check requires it); `onStatus` sees each answer.
 */
export function placeOrders(
  base: string,
  connections: number,
  jobs: OrderJob[],
  onStatus?: (status: number) => void,
) {
  let next = 0;
  return autocannon({
    url: `${base}/api/order/create`,
    connections,
    amount: jobs.length,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const job = jobs[next++ % jobs.length];
          return {
            ...request,
            body: job.body,
            headers: {
              ...request.headers,
              'content-type': 'application/json',
              origin: base,
              cookie: job.cookie,
              'idempotency-key': `bench-${randomBytes(8).toString('hex')}`,
            },
          };
        },
        onResponse: (status) => onStatus?.(status),
      },
    ],
  });
}

/** An approved pharmacy with one store (user) and a default address; returns the user id. */
export async function benchStore(client: pg.Client, name: string, phone: string): Promise<number> {
  return (await benchCompanyStore(client, name, phone)).userId;
}

/** benchStore, with the company's id too. */
export async function benchCompanyStore(
  client: pg.Client,
  name: string,
  phone: string,
): Promise<{ userId: number; companyId: number }> {
  const {
    rows: [company],
  } = await client.query(
    `insert into companies (name, type, contact_name, contact_phone, province, city, district, address,
                            business_scope, qualification_status, contract_signed_at)
     values ($1, 'pharmacy', '张三', '13900000000', '浙江省', '杭州市', '滨江区', '江南大道1号', '{kssz}', 'approved', now())
     returning id`,
    [name],
  );
  await licenseCompany(client, company.id, ['kssz']);
  const {
    rows: [user],
  } = await client.query(
    `insert into users (company_id, phone, password_hash, name, store_name) values ($1, $2, 'x', '张三', '总店') returning id`,
    [company.id, phone],
  );
  await client.query(
    `insert into addresses (user_id, consignee, phone, province, city, district, detail, is_default)
     values ($1, '张三', '13900000000', '浙江省', '杭州市', '滨江区', '江南大道1号', true)`,
    [user.id],
  );
  return { userId: user.id as number, companyId: company.id as number };
}

export async function buyers(client: pg.Client, count: number) {
  const list: { userId: number; batches: number[][] }[] = [];
  for (let b = 0; b < count; b++) {
    const userId = await benchStore(client, `压测药房${b}`, `1390000${String(b).padStart(4, '0')}`);
    // Distinct goods per buyer and order: 20 cart lines for each order the buyer will place.
    const carts = WARM_UP_ORDERS + ORDERS_PER_BUYER;
    const first = b * carts * LINES + 1;
    const { rows } = await client.query(
      `insert into cart_items (user_id, goods_id, warehouse_id, quantity)
       select $1, g.id, 1 + (g.id % 2), 2 from goods g where g.id between $2 and $3 order by g.id returning id`,
      [userId, first, first + carts * LINES - 1],
    );
    const ids = rows.map((r) => r.id as number);
    const batches = [];
    for (let i = 0; i < ids.length; i += LINES) batches.push(ids.slice(i, i + LINES));
    list.push({ userId, batches });
  }
  return list;
}

export async function run() {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await createScratchDatabase(adminUrl, 'yc_bench');
  const database = await openDatabase({ url: scratch.url, poolSize: 32 });
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const results: Record<string, unknown> = {};
  let server: BenchServer | undefined;
  try {
    const t0 = Date.now();
    await fill(client);
    const list = await buyers(client, CONNECTIONS);
    // After a bulk load, as the catalogue generator (apps/server/demo/generate-scale-data.ts) does: statistics for the planner, and a
    // visibility map, so that autovacuum does not start on these tables during the measurement.
    await client.query('vacuum analyze');
    console.log(
      `filled ${GOODS} goods, ${CONNECTIONS} buyers x ${ORDERS_PER_BUYER} carts of ${LINES} lines in ${Date.now() - t0} ms`,
    );
    const store = new DbSessionStore(database.db);
    const cookies: string[] = [];
    for (const b of list) {
      const id = randomBytes(24).toString('base64url');
      await store.set(id, { userId: b.userId }, 3600);
      cookies.push(`${BUYER_COOKIE}=${id}`);
    }
    server = await startServer(scratch.url, Number(process.env.BENCH_PORT ?? 3932));
    const base = server.base;

    // 1. Create order with 20 lines at 16 connections. autocannon drives it like every other
    //    scenario (a fetch loop in this process cost a third of a core on its own): each request
    //    takes the next unplaced cart of the buyers in turn, with that buyer's cookie and a fresh
    //    idempotency key. The first WARM_UP_ORDERS carts of each buyer go in an unmeasured run.
    const queue = (from: number, to: number) => {
      const jobs: OrderJob[] = [];
      for (let n = from; n < to; n++)
        list.forEach((b, i) => {
          jobs.push({ cookie: cookies[i], body: JSON.stringify({ ids: b.batches[n] }) });
        });
      return jobs;
    };
    const placeAll = (jobs: OrderJob[]) => placeOrders(base, CONNECTIONS, jobs);
    await placeAll(queue(0, WARM_UP_ORDERS));
    const createRun = await placeAll(queue(WARM_UP_ORDERS, WARM_UP_ORDERS + ORDERS_PER_BUYER));
    results.createOrder = {
      requests: createRun.requests.total,
      failures: createRun.non2xx + createRun.errors + createRun.timeouts,
      reqPerSec: Math.round(createRun.requests.total / (createRun.duration || 1)),
      p50: createRun.latency.p50,
      p99: createRun.latency.p99,
      max: createRun.latency.max,
    };
    console.log(`create order (20 lines, ${CONNECTIONS} connections):`, results.createOrder);

    // 2. Order list page (each buyer has 40 orders), 16 connections, 10 s.
    // BENCH_ORDER_ONLY=create stops after the create scenario (for profiling).
    if (process.env.BENCH_ORDER_ONLY === 'create') return results;
    // BENCH_ORDER_ONLY=list restarts the server first, so that its profile (BENCH_PROFILE) holds
    // the list alone.
    if (process.env.BENCH_ORDER_ONLY === 'list') {
      await server.stop();
      server = await startServer(scratch.url, Number(process.env.BENCH_PORT ?? 3932));
    }
    const listOptions = {
      url: `${server.base}/api/order/list?page=1`,
      connections: CONNECTIONS,
      headers: { cookie: cookies[0] },
    };
    await autocannon({ ...listOptions, duration: 2 }); // warm-up, as in every other scenario
    const listRun = await autocannon({ ...listOptions, duration: 10 });
    results.orderList = {
      reqPerSec: Math.round(listRun.requests.average),
      p50: listRun.latency.p50,
      p99: listRun.latency.p99,
      non2xx: listRun.non2xx,
    };
    console.log(`order list (${CONNECTIONS} connections):`, results.orderList);
    await server.stop();
    server = undefined;

    // 3. The bare Fastify route on the same machine, for scale, and the floor of a route making
    //    the list's round trips (page, preview lines) with nothing else to do.
    server = await startBare(Number(process.env.BENCH_PORT ?? 3932), undefined, scratch.url);
    const bareRun = await autocannon({ url: `${server.base}/hello`, connections: CONNECTIONS, duration: 10 });
    results.bareFastify = { reqPerSec: Math.round(bareRun.requests.average), p99: bareRun.latency.p99 };
    console.log('bare Fastify route:', results.bareFastify);
    const floorRun = await autocannon({
      url: `${server.base}/db?n=${LIST_ROUND_TRIPS}`,
      connections: CONNECTIONS,
      duration: 10,
    });
    results.bareListRoundTrips = {
      queries: LIST_ROUND_TRIPS,
      reqPerSec: Math.round(floorRun.requests.average),
      p50: floorRun.latency.p50,
      p99: floorRun.latency.p99,
    };
    console.log(`bare Fastify + ${LIST_ROUND_TRIPS} trivial queries:`, results.bareListRoundTrips);
  } finally {
    await server?.stop();
    await client.end();
    await database.close();
    await new Promise((r) => setTimeout(r, 300));
    await scratch.drop();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    (r) => {
      console.log(JSON.stringify(r, null, 2));
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
