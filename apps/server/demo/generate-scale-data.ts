/**
 * Fills a database with many varied goods for the benchmarks:
 *   npm run data:generate -- 100000            (DATABASE_URL, or the embedded PGlite in DATA_DIR)
 *   npm run data:generate -- 100000 --fill     (tops the catalogue up to 100000 goods)
 * Goods are combinations of the real demo names, specs and manufacturers, with categories,
 * stock in both warehouses (held in batches, as the demo's) and pinyin search keys, inserted in
 * batches.
 */
import { withCheckDigit } from '@yaocai/domain';
import { count, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { type Db, openDatabase } from '../src/db/client';
import { brands, categories, goods, warehouses } from '../src/db/schema';
import { type GoodsWrite, insertGoods } from '../src/modules/catalog/writer';
import { demoGoods } from './catalogue';
import { seedDemoData } from './seed';
import { addMonths, demoGoodsWrite, seedBatches } from './seed/catalog';

const PER_TRANSACTION = 5_000;

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

/** Varies the pack count in a spec: "0.25g*24粒" -> "0.25g*36粒". */
function varySpec(spec: string, r: number): string {
  const counts = [6, 10, 12, 20, 24, 30, 36, 48, 50, 60, 100];
  return spec.replace(/\*(\d+)/, () => `*${counts[Math.floor(r * counts.length)]}`);
}

/** Inserts `n` generated goods; returns the time taken in ms. */
export async function generateScaleGoods(db: Db, n: number, log: (line: string) => void = () => {}) {
  const started = performance.now();
  const [cats, brandRows, whs] = await Promise.all([
    db.select({ id: categories.id, code: categories.code }).from(categories),
    db.select({ id: brands.id, code: brands.code }).from(brands),
    db.select({ id: warehouses.id, code: warehouses.code }).from(warehouses),
  ]);
  const refs = {
    categoryIds: new Map(cats.map((c) => [c.code, c.id])),
    brandIds: new Map(brandRows.map((b) => [b.code, b.id])),
    warehouseIds: new Map(whs.map((w) => [w.code, w.id])),
  };
  const manufacturers = [...new Set(demoGoods.map((g) => g.manufacturer))];
  const run = Date.now().toString(36);
  const now = new Date();
  const random = rng(Date.now());
  for (let start = 0; start < n; start += PER_TRANSACTION) {
    const size = Math.min(PER_TRANSACTION, n - start);
    const batch: GoodsWrite[] = [];
    for (let i = 0; i < size; i++) {
      const k = start + i;
      const base = demoGoods[k % demoGoods.length];
      // Every fourth copy is made by another manufacturer (generic of the same drug).
      const other = random() < 0.25;
      const manufacturer = other
        ? manufacturers[Math.floor(random() * manufacturers.length)]
        : base.manufacturer;
      const price = Math.max(50, Math.round(base.basePriceFen * (0.7 + random() * 0.6)));
      const write = demoGoodsWrite(
        {
          ...base,
          sku: `G${run}${k.toString(36)}`,
          // 69 and company codes from 9000 up (the demo's are 1000-8999): unique per run and goods.
          barcode: withCheckDigit(
            `699${String((Number.parseInt(run.slice(-3), 36) * 7 + k) % 1e9).padStart(9, '0')}`,
          ),
          manufacturer,
          brandCode: other ? undefined : base.brandCode,
          spec: random() < 0.5 ? varySpec(base.spec, random()) : base.spec,
          basePriceFen: price,
          retailPriceFen: Math.round(price * 1.6),
          salesCount: Math.floor(random() * random() * 20_000),
          stock: base.stock.map((s) => ({
            ...s,
            quantity: random() < 0.06 ? 0 : Math.floor(random() * 5000),
          })),
          ladder: base.ladder
            ? {
                type: base.ladder.type,
                tiers: base.ladder.tiers.map((t) => ({
                  ...t,
                  priceFen: Math.max(1, Math.round((t.priceFen * price) / base.basePriceFen)),
                })),
              }
            : undefined,
        },
        refs,
        now,
        new Date(now.getTime() - Math.floor(random() * 730) * 86_400_000),
      );
      write.expiresOn = addMonths(now, 3 + Math.floor(random() * 33));
      batch.push(write);
    }
    // Every unit of stock sits in a batch, as the demo's (catalog/README.md).
    await db.transaction(async (tx) => seedBatches(tx, await insertGoods(tx, batch)));
    log(`  ${start + size} / ${n} goods (${Math.round((performance.now() - started) / 1000)} s)`);
  }
  // Fresh statistics and visibility maps, so the planner picks index(-only) scans at once.
  for (const table of ['goods', 'goods_categories', 'goods_facets', 'goods_stock'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  return performance.now() - started;
}

export async function goodsCount(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(goods);
  return n;
}

async function main() {
  const n = Number(process.argv[2] ?? 100_000);
  if (!Number.isInteger(n) || n <= 0) throw new Error('usage: npm run data:generate -- <number of goods>');
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  });
  try {
    await seedDemoData(database.db, new Date());
    const fill = process.argv.includes('--fill');
    const wanted = fill ? Math.max(0, n - (await goodsCount(database.db))) : n;
    if (wanted === 0) {
      console.log(`the catalogue already holds ${await goodsCount(database.db)} goods`);
      return;
    }
    console.log(`generating ${wanted} goods on ${database.kind}...`);
    const ms = await generateScaleGoods(database.db, wanted, console.log);
    console.log(
      `done: ${wanted} goods in ${(ms / 1000).toFixed(1)} s; the catalogue now holds ${await goodsCount(database.db)} goods`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  await main();
}
