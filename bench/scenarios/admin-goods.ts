// Console goods budgets (issue: operator console): at 100,000 goods on PostgreSQL, the console's
// goods list p99 < 50 ms (32 connections, many distinct searches, filters and pages, a signed-in
// operator), and an .xlsx import of 5,000 new goods < 30 s. Bare Fastify in the same run.
//
//   npm run bench -- admingoods      (BENCH_DATABASE_URL: the PostgreSQL server to create on)
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { generateScaleGoods } from '../../apps/server/demo/generate-scale-data';
import { seedDemoData } from '../../apps/server/demo/seed';
import { openDatabase } from '../../apps/server/src/db/client';
import { categories, operatorRoles, operators, roles } from '../../apps/server/src/db/schema';
import { createScratchDatabase } from '../../apps/server/src/db/scratch';
import { DbSessionStore } from '../../apps/server/src/lib/session-store';
import { type BenchServer, startBare, startServer } from '../server';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const duration = Number(process.env.BENCH_DURATION ?? 10);
const goodsWanted = Number(process.env.BENCH_GOODS ?? 100_000);
const IMPORT_ROWS = 5_000;

/** Distinct console list URLs: searches (names, initials, approval numbers, makers), filters, pages. */
export function listPaths(): string[] {
  const words = [
    '阿莫西林',
    'amxl',
    '布洛芬',
    'blf',
    '感冒',
    'gm',
    '维生素',
    'wss',
    '国药准字H',
    'Z2016',
    '华润',
    '云南白药',
    '胶囊',
    '颗粒',
    'lhqw',
    '片',
  ];
  const filters = [
    '',
    '&on_sale=1',
    '&on_sale=0',
    '&stock=in',
    '&stock=out',
    '&kind=drug',
    '&kind=device',
    '&rx_class=rx',
    '&ephedrine=1',
  ];
  const paths: string[] = [];
  for (const word of words)
    for (const filter of filters)
      for (const page of [1, 2, 5])
        paths.push(`/api/admin/goods?q=${encodeURIComponent(word)}${filter}&page=${page}&page_size=20`);
  for (const filter of filters)
    for (let page = 1; page <= 40; page++) paths.push(`/api/admin/goods?page=${page}${filter}`);
  return paths;
}

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
      .values({ username: 'benchop', passwordHash: 'x', name: '压测运营' })
      .returning();
    const [role] = await database.db.select().from(roles).where(eq(roles.code, 'super_admin'));
    await database.db.insert(operatorRoles).values({ operatorId: op.id, roleId: role.id });
    const sid = randomBytes(32).toString('base64url');
    await new DbSessionStore(database.db).set(
      sid,
      { operatorId: op.id, operatorVersion: 0, loginAt: Date.now() },
      7200,
    );
    const [category] = await database.db.select({ code: categories.code }).from(categories).limit(1);
    return { cookie: `yc_admin_sid=${sid}`, categoryCode: category.code };
  } finally {
    await database.close();
  }
}

async function importWorkbook(base: string, cookie: string, categoryCode: string) {
  const template = await fetch(`${base}/api/admin/goods/import-template`, { headers: { cookie } });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await template.arrayBuffer());
  const sheet = workbook.worksheets[0];
  const headers = (sheet.getRow(1).values as string[]).slice(1);
  const tag = Date.now().toString(36);
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const row: Record<string, string | number> = {
      商品名称: `压测导入片${tag}-${i}`,
      通用名: `压测导入片${i}`,
      商品类型: '药品',
      生产厂家: `压测药业${i % 50}`,
      规格: `${(i % 9) + 1}mg*${(i % 5) * 10 + 10}片`,
      包装单位: '盒',
      批准文号: `国药准字H${tag}${String(i).padStart(5, '0')}`,
      处方类别: i % 2 ? '处方药' : '乙类非处方药',
      经营范围类别: '化学药制剂',
      基础价: 10 + (i % 90),
      阶梯价: '10:9.5;50:9',
      分类编码: categoryCode,
    };
    sheet.addRow(headers.map((h) => row[h] ?? ''));
  }
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'goods.xlsx');
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/goods/import`, {
    method: 'POST',
    body: form,
    headers: { cookie, origin: base },
  });
  const ms = performance.now() - started;
  const body = (await res.json()) as { code: number; message: string };
  return { ms, status: res.status, message: body.message, bytes: bytes.length, tag };
}

async function cannon(name: string, budget: number | null, options: autocannon.Options) {
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon(options);
  const line = `${name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${budget === null ? '' : ` (budget p99 < ${budget} ms ${result.latency.p99 < budget ? '✔' : '✘'})`}${result.non2xx ? `, ${result.non2xx} non-2xx` : ''}`;
  console.log(line);
  return result.latency.p99 < (budget ?? Number.POSITIVE_INFINITY) && result.non2xx === 0;
}

async function main() {
  const scratch = await createScratchDatabase(adminUrl, 'yc_bench_admin_goods');
  let server: BenchServer | undefined;
  let bare: BenchServer | undefined;
  let ok = true;
  try {
    const prepared = await prepare(scratch.url);
    bare = await startBare(3941, undefined, scratch.url);
    server = await startServer(scratch.url, 3942);
    const paths = listPaths();
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}; ${goodsWanted} goods; ${paths.length} distinct list URLs`,
    );
    await cannon('bare Fastify hello-world (32 connections)', null, {
      url: `${bare.base}/hello`,
      connections: 32,
      duration,
    });
    await cannon(
      'bare Fastify, 2 trivial PostgreSQL round trips (32 connections; the floor of a signed-in page read)',
      null,
      {
        url: `${bare.base}/db?n=2`,
        connections: 32,
        duration,
      },
    );
    let next = 0;
    ok =
      (await cannon(`GET /api/admin/goods, distinct searches/filters/pages (32 connections)`, 50, {
        url: server.base,
        connections: 32,
        duration,
        headers: { cookie: prepared.cookie },
        requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
      })) && ok;
    const imported = await importWorkbook(server.base, prepared.cookie, prepared.categoryCode);
    const pass = imported.status === 200 && imported.ms < 30_000;
    console.log(
      `POST /api/admin/goods/import, ${IMPORT_ROWS} new goods (${(imported.bytes / 1024).toFixed(0)} KB .xlsx): ${(imported.ms / 1000).toFixed(1)} s — ${imported.message} (budget < 30 s ${pass ? '✔' : '✘'})`,
    );
    ok = ok && pass;
    console.log(
      `load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
    );
  } finally {
    await server?.stop();
    await bare?.stop();
    await scratch.drop();
  }
  process.exitCode = ok ? 0 : 1;
}

// Run when started as a script (the probe imports listPaths).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
