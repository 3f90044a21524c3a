/**
 * The open API's order feed on PostgreSQL (issue #33: pulling a page of 100 orders p99 < 100 ms).
 * 200 buyer companies (each with a store, an address and licences) and 100,000 orders of 5 lines,
 * each with a payment, changed over 30 days. Requests are pages of 100 from many distinct
 * cursors (taken at random positions of the feed) and updated_since instants, with and without a
 * status filter: one at a time (what an ERP's sync does) and at 8 connections.
 * Run: npx tsx bench/scenarios/open-orders.ts (a scratch database is created and dropped).
 */
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { createScratchDatabase } from '../../apps/server/src/db/scratch';
import { erpOrderPage } from '../../apps/server/src/modules/order/erp-feed';
import { type BenchServer, startServer } from '../server';
import { benchCompanyStore } from './order';

const COMPANIES = 200;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const LINES = 5;
const CONNECTIONS = 8;
const ONE_AT_A_TIME = 300;

async function fill(client: pg.Client) {
  await client.query(`insert into warehouses (code, name) values ('HZ', '主仓（杭州）')`);
  await client.query(
    `insert into goods (sku, name, common_name, kind, manufacturer, spec, unit, approval_no, scope_class,
                        base_price_fen, stock_total, name_pinyin, name_initials)
     select 'O' || i, '阿莫西林胶囊' || i, '阿莫西林胶囊', 'drug', '华北制药股份有限公司', '0.25g*24粒', '盒',
            '国药准字H' || (20000000 + i), 'kssz', 500 + i, 100000, '', ''
     from generate_series(1, 2000) i`,
  );
  const stores: { userId: number; companyId: number }[] = [];
  for (let c = 0; c < COMPANIES; c++)
    stores.push(await benchCompanyStore(client, `开放接口药房${c}`, `1370000${String(c).padStart(4, '0')}`));
  const statuses = ['awaiting_shipment', 'shipped', 'completed', 'cancelled', 'pending_payment'];
  // Orders spread over 30 days, several sharing each instant (a bulk change), updated after created.
  await client.query(
    `insert into orders (order_no, user_id, company_id, status, goods_fen, total_fen, paid_fen, address, invoice,
                         idempotency_key, expires_at, paid_at, created_at, updated_at)
     select 'OP' || o, s.user_id, s.company_id, ($3::text[])[1 + o % 5], 50000, 50000, 50000,
            '{"consignee":"张三","phone":"13900000000","province":"浙江省","city":"杭州市","district":"滨江区","detail":"江南大道1号"}'::jsonb,
            case when o % 3 = 0 then '{"type":2,"title":"开放接口药房","taxNo":"91330106MA2XXXXX0X"}'::jsonb end,
            'k' || o, now(), now() - ((o / 3) || ' seconds')::interval,
            now() - interval '30 days' + ((o / 3 * 25) || ' milliseconds')::interval - interval '1 hour',
            now() - interval '30 days' + ((o / 3 * 25) || ' milliseconds')::interval
     from generate_series(1, ${ORDERS}) o
     join (select row_number() over () - 1 as n, user_id, company_id
           from unnest($1::int[], $2::int[]) as t(user_id, company_id)) s on s.n = o % ${COMPANIES}`,
    [stores.map((s) => s.userId), stores.map((s) => s.companyId), statuses],
  );
  await client.query(
    `insert into order_lines (order_id, goods_id, warehouse_id, warehouse_name, goods_name, spec, manufacturer,
                              unit, quantity, unit_price_fen, amount_fen, reduction_fen, payable_fen)
     select o.id, g.id, 1, '主仓（杭州）', g.name, g.spec, g.manufacturer, '盒', 10, 1000, 10000, 0, 10000
     from orders o cross join generate_series(0, ${LINES - 1}) l
     join goods g on g.id = 1 + (o.id * 7 + l * 13) % 2000`,
  );
  await client.query(
    `insert into payments (order_id, user_id, provider, out_trade_no, amount_fen, status, paid_at, created_at)
     select id, user_id, 'balance', 'T' || id, total_fen, 'paid', paid_at, paid_at from orders
     where status <> 'pending_payment'`,
  );
}

/** An open API key with the orders scope, written as the console writes one (its SHA-256 only). */
async function orderKey(client: pg.Client) {
  const secret = `yc_${randomBytes(32).toString('base64url')}`;
  await client.query(
    `insert into open_api_keys (name, prefix, secret_hash, scopes, rate_limit_per_minute, created_by, created_by_name)
     values ('bench', $1, $2, '{orders}', 10000000, 0, 'bench')`,
    [secret.slice(0, 10), createHash('sha256').update(secret).digest('hex')],
  );
  return secret;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

export async function run() {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await createScratchDatabase(adminUrl, 'yc_bench_open_orders');
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  let server: BenchServer | undefined;
  let failed = false;
  try {
    const t0 = Date.now();
    // The schema first: the server migrates an empty database at start.
    server = await startServer(scratch.url, Number(process.env.BENCH_PORT ?? 3934));
    await fill(client);
    const key = await orderKey(client);
    await client.query('vacuum analyze');
    const {
      rows: [{ n: lines }],
    } = await client.query('select count(*)::int as n from order_lines');
    console.log(
      `filled ${ORDERS} orders (${lines} lines) of ${COMPANIES} companies in ${Date.now() - t0} ms`,
    );

    // Distinct requests: cursors at random places of the feed, updated_since instants, statuses.
    const { rows: marks } = await client.query(
      `select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id, updated_at
       from orders order by random() limit 1000`,
    );
    const paths: string[] = [];
    for (const [i, m] of marks.entries()) {
      const cursor = Buffer.from(`${m.at}|${m.id}`).toString('base64url');
      paths.push(`/api/open/v1/orders?limit=100&cursor=${cursor}`);
      const since = encodeURIComponent((m.updated_at as Date).toISOString());
      paths.push(`/api/open/v1/orders?limit=100&updated_since=${since}`);
      if (i % 4 === 0) paths.push(`/api/open/v1/orders?limit=100&status=awaiting_shipment&cursor=${cursor}`);
    }
    const headers = { authorization: `Bearer ${key}` };
    const base = server.base;

    // One at a time: what an ERP pulling its feed waits for.
    const times: number[] = [];
    let orders = 0;
    for (let i = 0; i < ONE_AT_A_TIME + 10; i++) {
      const started = performance.now();
      const res = await fetch(`${base}${paths[i % paths.length]}`, { headers });
      const body = (await res.json()) as { data: unknown[] };
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`feed answered ${res.status}`);
      if (i >= 10) {
        times.push(ms);
        orders += body.data.length;
      }
    }
    times.sort((a, b) => a - b);
    const serialOk = pct(times, 0.99) < 100;
    failed ||= !serialOk;
    console.log(
      `GET /api/open/v1/orders, ${ONE_AT_A_TIME} pages one at a time (${(orders / ONE_AT_A_TIME).toFixed(0)} orders a page on average): p50 ${pct(times, 0.5).toFixed(1)} ms, p99 ${pct(times, 0.99).toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms (budget p99 < 100 ms ${serialOk ? '✔' : '✘'})`,
    );

    // The same pages through the feed's queries alone (in this process, no HTTP, no serialising).
    const database = await openDatabase({ url: scratch.url, poolSize: 4 });
    const queryTimes: number[] = [];
    for (const [i, m] of marks.slice(0, ONE_AT_A_TIME + 10).entries()) {
      const started = performance.now();
      await erpOrderPage(database.db, {
        limit: 100,
        after: { at: m.at, id: m.id },
        settledBefore: new Date(),
      });
      if (i >= 10) queryTimes.push(performance.now() - started);
    }
    await database.close();
    queryTimes.sort((a, b) => a - b);
    console.log(
      `the feed's five queries alone, ${ONE_AT_A_TIME} cursors one at a time: p50 ${pct(queryTimes, 0.5).toFixed(1)} ms, p99 ${pct(queryTimes, 0.99).toFixed(1)} ms`,
    );

    let next = 0;
    const load = (duration: number) =>
      autocannon({
        url: base,
        connections: CONNECTIONS,
        duration,
        headers,
        requests: [{ method: 'GET', setupRequest: (r) => ({ ...r, path: paths[next++ % paths.length] }) }],
      });
    await load(2);
    const r = await load(10);
    const loadOk = r.latency.p99 < 100 && r.non2xx === 0;
    console.log(
      `GET /api/open/v1/orders, ${paths.length} distinct pages of 100 at ${CONNECTIONS} connections: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx} (${loadOk ? 'within' : 'over'} 100 ms)`,
    );
  } finally {
    await server?.stop();
    await client.end();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await scratch.drop();
  }
  return failed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    (failed) => process.exit(failed ? 1 : 0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
