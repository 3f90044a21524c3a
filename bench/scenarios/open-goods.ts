// Open API budget (issue 33): at 100,000 goods on PostgreSQL, upserting 10,000 goods with their
// stock through /api/open/v1 (POST /goods/batch then PUT /stock, 1,000 items a call, one call
// after another as an ERP sync runs) takes < 60 s. Then the same 10,000 again with changed prices
// and stock (updates, not inserts).
//
//   npm run bench -- opengoods      (BENCH_DATABASE_URL: the PostgreSQL server to create on)
import os from 'node:os';
import { withCheckDigit } from '@yaocai/domain';
import { openDatabase } from '../../apps/server/src/db/client';
import { generateScaleGoods } from '../../apps/server/src/db/generate-scale-data';
import { categories, operators, warehouses } from '../../apps/server/src/db/schema';
import { createScratchDatabase } from '../../apps/server/src/db/scratch';
import { seedDemoData } from '../../apps/server/src/db/seed';
import { createKey } from '../../apps/server/src/modules/open/keys';
import { type BenchServer, startServer } from '../server';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const goodsWanted = Number(process.env.BENCH_GOODS ?? 100_000);
const PUSHED = Number(process.env.BENCH_OPEN_GOODS ?? 10_000);
const CHUNK = 1000;
const BUDGET_MS = 60_000;

async function prepare(url: string) {
  const database = await openDatabase({ url });
  try {
    await seedDemoData(database.db, new Date());
    const [{ n }] = (await database.db.execute('select count(*)::int as n from goods' as never)).rows as {
      n: number;
    }[];
    if (n < goodsWanted) await generateScaleGoods(database.db, goodsWanted - n);
    await database.db.execute('vacuum analyze' as never);
    const [op] = await database.db
      .insert(operators)
      .values({ username: 'benchopen', passwordHash: 'x', name: '压测运营' })
      .returning();
    const created = await createKey(
      {
        db: database.db,
        now: new Date(),
        actor: {
          kind: 'operator',
          operatorId: op.id,
          username: op.username,
          permissions: ['open:write'],
        },
      },
      { name: '压测ERP', scopes: ['goods', 'stock', 'prices'], rate_limit_per_minute: 6000 },
    );
    const [category] = await database.db.select({ code: categories.code }).from(categories).limit(1);
    const [warehouse] = await database.db.select({ code: warehouses.code }).from(warehouses).limit(1);
    const [{ before }] = (await database.db.execute('select count(*)::int as before from goods' as never))
      .rows as { before: number }[];
    return { key: created.key, categoryCode: category.code, warehouseCode: warehouse.code, before };
  } finally {
    await database.close();
  }
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

function goodsItem(p: Prepared, tag: string, i: number, round: number) {
  return {
    erp_code: `B${tag}-${i}`,
    name: `压测同步片${tag}-${i}`,
    generic_name: `压测同步片${i}`,
    maker: `压测同步药业${i % 50}`,
    specification: `${(i % 9) + 1}mg*${(i % 5) * 10 + 10}片`,
    unit: '盒',
    approval_number: `国药准字H${tag}${String(i).padStart(5, '0')}`,
    barcode: withCheckDigit(`69${String(i).padStart(10, '0')}`),
    category_code: p.categoryCode,
    scope_class: 'hxyzj',
    prescription_class: i % 2 ? 'rx' : 'otc_b',
    price: 10 + (i % 90) + round,
    ladder: [{ min_quantity: 10, price: 9.5 + (i % 90) }],
    on_sale: true,
  };
}

function stockItem(p: Prepared, tag: string, i: number, round: number) {
  return {
    erp_code: `B${tag}-${i}`,
    warehouse_code: p.warehouseCode,
    batches: [
      { batch_no: `${tag}A${i}`, produced_on: '2026-01-01', expires_on: '2028-01-01', quantity: 100 + round },
      {
        batch_no: `${tag}B${i}`,
        produced_on: '2025-06-01',
        expires_on: '2027-05-31',
        quantity: 20 + (i % 7),
      },
    ],
  };
}

async function call(base: string, key: string, method: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as {
    data?: { created: number; updated: number; unchanged: number; failed: number };
  };
  if (res.status !== 200 || !json.data)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

async function pushAll(base: string, p: Prepared, tag: string, round: number) {
  const totals = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  const calls: number[] = [];
  const started = performance.now();
  for (let start = 0; start < PUSHED; start += CHUNK) {
    const ids = Array.from({ length: Math.min(CHUNK, PUSHED - start) }, (_, k) => start + k);
    for (const [method, path, items] of [
      ['POST', '/api/open/v1/goods/batch', ids.map((i) => goodsItem(p, tag, i, round))],
      ['PUT', '/api/open/v1/stock', ids.map((i) => stockItem(p, tag, i, round))],
    ] as const) {
      const t = performance.now();
      const data = await call(base, p.key, method, path, { items });
      calls.push(performance.now() - t);
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += data[k];
    }
  }
  const ms = performance.now() - started;
  calls.sort((a, b) => a - b);
  return { ms, totals, slowest: calls.at(-1) ?? 0, median: calls[Math.floor(calls.length / 2)] ?? 0 };
}

async function main() {
  const scratch = await createScratchDatabase(adminUrl, 'yc_bench_open_goods');
  let server: BenchServer | undefined;
  let ok = true;
  try {
    const prepared = await prepare(scratch.url);
    server = await startServer(scratch.url, 3943);
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ');
    console.log(`load average ${load()}; ${prepared.before} goods before`);
    const tag = Date.now().toString(36);
    for (const [round, label] of [
      [0, 'new'],
      [1, 'changed prices and stock'],
    ] as const) {
      const r = await pushAll(server.base, prepared, tag, round);
      const pass = r.ms < BUDGET_MS && r.totals.failed === 0;
      console.log(
        `${PUSHED} goods with stock (${label}): ${(r.ms / 1000).toFixed(1)} s, ${(PUSHED / CHUNK) * 2} calls (median ${Math.round(r.median)} ms, slowest ${Math.round(r.slowest)} ms); goods+stock items ${JSON.stringify(r.totals)} (budget < ${BUDGET_MS / 1000} s ${pass ? '✔' : '✘'})`,
      );
      ok = ok && pass;
    }
    console.log(`load average after: ${load()}`);
  } finally {
    await server?.stop();
    await scratch.drop();
  }
  process.exitCode = ok ? 0 : 1;
}

main();
