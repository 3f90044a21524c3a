import type { SaleControl } from '@yaocai/domain';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands, categories, goods, goodsCategories } from '../../db/schema/catalog';
import { saleControlOf } from './sale-control-column';

// What the promotion module reads of the catalogue besides coverage facts (coverage.ts): the
// category tree its coverages expand over, the names its console shows, the goods its gift rules
// and packages hand out. Each is one statement over an id set, never one per goods.

/** Every category's parent: what descendantsExpander (coverage.ts) walks down. */
export function categoryParentLinks(db: DbOrTx): Promise<{ id: number; parentId: number | null }[]> {
  return db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
}

/** The category ids each of these goods is linked to (goods without any are absent). */
export async function goodsCategoryIdsOf(db: DbOrTx, goodsIds: readonly number[]) {
  if (goodsIds.length === 0) return new Map<number, number[]>();
  const rows = await db
    .select({
      goodsId: goodsCategories.goodsId,
      ids: sql<number[]>`array_agg(${goodsCategories.categoryId})`,
    })
    .from(goodsCategories)
    .where(inArray(goodsCategories.goodsId, [...goodsIds]))
    .groupBy(goodsCategories.goodsId);
  return new Map(rows.map((r) => [r.goodsId, r.ids]));
}

const refTables = { goods, categories, brands };

/** How many of these ids name an existing goods, category or brand. */
export async function existingRefCount(
  db: DbOrTx,
  kind: keyof typeof refTables,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const t = refTables[kind];
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(inArray(t.id, [...ids]));
  return n;
}

/** The names of these categories or brands, in the database's order (unknown ids left out). */
export async function refNamesOf(
  db: DbOrTx,
  kind: 'categories' | 'brands',
  ids: readonly number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const t = refTables[kind];
  const rows = await db
    .select({ name: t.name })
    .from(t)
    .where(inArray(t.id, [...ids]));
  return rows.map((r) => r.name);
}

/** What a gift rule or a package shows and checks of the goods it hands out. */
export interface HandedOutGoods {
  id: number;
  name: string;
  unit: string;
  spec: string;
  image: string | null;
  basePriceFen: number;
  isBuy: boolean;
  isOnSale: boolean;
  scopeClass: string;
  rxClass: string;
  saleControl: SaleControl | null;
}

/** These goods as gift rules and packages show them (unknown ids left out). */
export async function handedOutGoodsOf(
  db: DbOrTx,
  goodsIds: readonly number[],
): Promise<Map<number, HandedOutGoods>> {
  const ids = [...new Set(goodsIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: goods.id,
      name: goods.name,
      unit: goods.unit,
      spec: goods.spec,
      image: goods.image,
      basePriceFen: goods.basePriceFen,
      isBuy: goods.isBuy,
      isOnSale: goods.isOnSale,
      scopeClass: goods.scopeClass,
      rxClass: goods.rxClass,
      saleControl: saleControlOf(),
    })
    .from(goods)
    .where(inArray(goods.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
