import { addDays, beijingDateOf } from '@yaocai/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../src/db/client';
import {
  brands,
  categories,
  goods,
  goodsBatches,
  goodsStock,
  promotions,
  warehouses,
} from '../../src/db/schema';
import { type GoodsWrite, insertGoods } from '../../src/modules/catalog/writer';
import { demoBrands, demoCategories, demoGoods } from '../catalogue';
import type { DemoCategory, DemoGoods, DemoMenu } from '../catalogue/types';

export const demoWarehouses = [
  { code: 'main', name: '主仓（杭州）' },
  { code: 'north', name: '北方仓（天津）' },
];

/** Inserts the four category trees; returns code -> id. */
export async function seedCategories(tx: Tx): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const walk = async (menu: DemoMenu, nodes: DemoCategory[], parentId: number | null) => {
    const rows = await tx
      .insert(categories)
      .values(nodes.map((n, i) => ({ code: n.code, menu, parentId, name: n.name, sort: i })))
      .returning({ id: categories.id, code: categories.code });
    for (const row of rows) ids.set(row.code, row.id);
    for (const node of nodes) if (node.children?.length) await walk(menu, node.children, ids.get(node.code)!);
  };
  for (const menu of Object.keys(demoCategories) as DemoMenu[]) await walk(menu, demoCategories[menu], null);
  return ids;
}

/** The Beijing date `months` calendar months after `date` (demo expiry dates). */
export function addMonths(date: Date, months: number): string {
  const [y, m, d] = beijingDateOf(date).split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const month = String((total % 12) + 1).padStart(2, '0');
  const start = `${Math.floor(total / 12)}-${month}-01`;
  // Day overflow rolls into the next month, as Date did.
  return addDays(start, d - 1);
}

/** DemoGoods -> a goods write, given the ids of the seeded categories, brands and warehouses. */
export function demoGoodsWrite(
  g: DemoGoods,
  refs: {
    categoryIds: Map<string, number>;
    brandIds: Map<string, number>;
    warehouseIds: Map<string, number>;
  },
  now: Date,
  createdAt?: Date,
): GoodsWrite {
  return {
    sku: g.sku,
    name: g.name,
    commonName: g.commonName,
    kind: g.kind,
    manufacturer: g.manufacturer,
    brandId: g.brandCode ? (refs.brandIds.get(g.brandCode) ?? null) : null,
    spec: g.spec,
    unit: g.unit,
    approvalNo: g.approvalNo,
    barcode: g.barcode,
    dosageForm: g.dosageForm,
    authorizationHolder: g.authorizationHolder,
    rxClass: g.rxClass,
    storage: g.storage,
    expiresOn: addMonths(now, g.shelfLifeMonths),
    description: g.description,
    scopeClass: g.scopeClass,
    basePriceFen: g.basePriceFen,
    retailPriceFen: g.retailPriceFen,
    ladderType: g.ladder?.type ?? 0,
    ladder: g.ladder?.tiers ?? [],
    minQuantity: g.minQuantity,
    stepQuantity: g.stepQuantity,
    isBuy: g.isBuy,
    isFreeShipping: Boolean(g.freeShipping),
    freeShippingNumber: g.freeShipping?.number ?? 0,
    tags: g.tags,
    zones: g.zones,
    ephedrine: g.ephedrine,
    color: g.color,
    salesCount: g.salesCount,
    createdAt,
    stock: g.stock.map((s) => ({ warehouseId: refs.warehouseIds.get(s.warehouse)!, quantity: s.quantity })),
    categoryIds: g.categoryCodes.map((code) => refs.categoryIds.get(code)).filter((id): id is number => !!id),
  };
}

/** Warehouses, four category menus, brands, the demo goods with stock, full-reduction activities. */
export async function seedCatalog(tx: Tx, now: Date) {
  const wh = await tx.insert(warehouses).values(demoWarehouses).returning();
  const warehouseIds = new Map(wh.map((w) => [w.code, w.id]));
  const categoryIds = await seedCategories(tx);
  const br = await tx
    .insert(brands)
    .values(
      demoBrands.map((b, i) => ({
        code: b.code,
        name: b.name,
        manufacturer: b.manufacturer,
        story: b.story,
        color: b.color,
        sort: i,
      })),
    )
    .returning({ id: brands.id, code: brands.code });
  await tx.update(brands).set({ logo: sql`'/media/brands/' || ${brands.id} || '.svg'` });
  const brandIds = new Map(br.map((b) => [b.code, b.id]));

  const day = 24 * 3600 * 1000;
  const writes = demoGoods.map((g, i) =>
    demoGoodsWrite(
      g,
      { categoryIds, brandIds, warehouseIds },
      now,
      // New items arrived this month; the rest over the past year, in catalogue order.
      new Date(now.getTime() - (g.tags.includes('新') ? (i % 20) + 1 : 30 + ((i * 37) % 335)) * day),
    ),
  );
  await insertGoods(tx, writes);
  await seedBatches(tx);

  await tx.insert(promotions).values([
    {
      kind: 'full_reduction',
      name: '满减专区 · 满500减20 满1000减50 满3000减180',
      action: {
        tiers: [
          { amountFen: 50_000, reductionFen: 2_000 },
          { amountFen: 100_000, reductionFen: 5_000 },
          { amountFen: 300_000, reductionFen: 18_000 },
        ],
      },
      startsAt: new Date(now.getTime() - 30 * day),
      endsAt: new Date(now.getTime() + 365 * day),
      // The demo catalogue marks its 满减 goods with the 满 tag; the activity covers them by id.
      coverage: { goodsIds: await goodsTagged(tx, '满') },
    },
  ]);
}

async function goodsTagged(tx: Tx, tag: string): Promise<number[]> {
  const rows = await tx
    .select({ id: goods.id })
    .from(goods)
    .where(sql`${tag} = any(${goods.tags})`)
    .orderBy(goods.id);
  return rows.map((r) => r.id);
}

/**
 * Stock by batch for the demo catalogue: each warehouse's stock of a goods is one batch expiring
 * on the goods' shown expiry, and for every third goods with enough stock, two batches (a third
 * expiring then, the rest a year later), so the console shows several batches per goods. The
 * batches add up to the stock exactly (catalog/README.md). `goodsIds`: only these goods (the
 * scale-data generator's new ones); all by default.
 */
export async function seedBatches(tx: Tx, goodsIds?: readonly number[]) {
  const expiry = sql`coalesce(${goods.expiresOn}, current_date + 730)`;
  const split = sql`${goodsStock.quantity} >= 20 and ${goods.id} % 3 = 0`;
  // Made two years (or one) before it expires, but never later than a month ago.
  const only = goodsIds ? sql`${goodsStock.goodsId} = any(${sql.param([...goodsIds])}::int[])` : sql`true`;
  const produced = (days: number) => sql`least(${expiry} - ${sql.raw(String(days))}, current_date - 30)`;
  await tx.execute(sql`
    insert into ${goodsBatches} (goods_id, warehouse_id, batch_no, produced_on, expires_on, quantity)
    select ${goodsStock.goodsId}, ${goodsStock.warehouseId},
           to_char(${expiry} - 730, 'YYMMDD') || lpad(${goods.id}::text, greatest(4, length(${goods.id}::text)), '0') || ${goodsStock.warehouseId},
           ${produced(730)}, ${expiry},
           case when ${split} then ${goodsStock.quantity} / 3 else ${goodsStock.quantity} end
    from ${goodsStock} join ${goods} on ${goods.id} = ${goodsStock.goodsId}
    where ${goodsStock.quantity} > 0 and ${only}
    union all
    select ${goodsStock.goodsId}, ${goodsStock.warehouseId},
           to_char(${expiry} - 365, 'YYMMDD') || lpad(${goods.id}::text, greatest(4, length(${goods.id}::text)), '0') || ${goodsStock.warehouseId},
           ${produced(365)}, ${expiry} + 365,
           ${goodsStock.quantity} - ${goodsStock.quantity} / 3
    from ${goodsStock} join ${goods} on ${goods.id} = ${goodsStock.goodsId}
    where ${split} and ${only}`);
}
