import type { GoodsListQuery } from '@yaocai/domain';
import {
  and,
  asc,
  desc,
  eq,
  exists,
  gt,
  gte,
  ilike,
  inArray,
  like,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { goods, goodsCategories, goodsStock } from '../../db/schema';

/** Escapes LIKE wildcards so a keyword matches literally (the keyword is a bound parameter). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Columns a list row needs (no description). */
export const summaryColumns = {
  id: goods.id,
  sku: goods.sku,
  name: goods.name,
  commonName: goods.commonName,
  kind: goods.kind,
  manufacturer: goods.manufacturer,
  brandId: goods.brandId,
  spec: goods.spec,
  unit: goods.unit,
  approvalNo: goods.approvalNo,
  rxClass: goods.rxClass,
  expiresOn: goods.expiresOn,
  scopeClass: goods.scopeClass,
  basePriceFen: goods.basePriceFen,
  retailPriceFen: goods.retailPriceFen,
  ladderType: goods.ladderType,
  ladder: goods.ladder,
  minQuantity: goods.minQuantity,
  stepQuantity: goods.stepQuantity,
  isBuy: goods.isBuy,
  isFreeShipping: goods.isFreeShipping,
  freeShippingNumber: goods.freeShippingNumber,
  tags: goods.tags,
  zones: goods.zones,
  ephedrine: goods.ephedrine,
  image: goods.image,
  salesCount: goods.salesCount,
  stockTotal: goods.stockTotal,
};
export type SummaryRow = Pick<typeof goods.$inferSelect, keyof typeof summaryColumns>;

export interface ListFilter
  extends Partial<Omit<GoodsListQuery, 'page' | 'page_size' | 'sort' | 'category_id'>> {
  /** Category and descendants (already expanded). */
  categoryIds?: number[];
  /** Restrict to these goods. */
  goodsIds?: number[];
}

/** WHERE conditions of a goods list; keywords only ever travel as bound parameters. */
export function listConditions(f: ListFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(goods.isOnSale, true)];
  if (f.categoryIds) {
    conds.push(
      exists(
        sql`(select 1 from ${goodsCategories} where ${goodsCategories.goodsId} = ${goods.id} and ${inArray(
          goodsCategories.categoryId,
          f.categoryIds,
        )})`,
      ),
    );
  }
  if (f.goodsIds) conds.push(inArray(goods.id, f.goodsIds));
  const keyword = f.keywords?.trim();
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    const lower = `%${escapeLike(keyword.toLowerCase())}%`;
    conds.push(
      f.type === 1
        ? or(
            ilike(goods.manufacturer, pattern),
            like(goods.manufacturerPinyin, lower),
            like(goods.manufacturerInitials, lower),
          )
        : or(
            ilike(goods.name, pattern),
            ilike(goods.commonName, pattern),
            like(goods.namePinyin, lower),
            like(goods.nameInitials, lower),
          ),
    );
  }
  if (f.sccj) conds.push(eq(goods.manufacturer, f.sccj));
  if (f.brand_id) conds.push(eq(goods.brandId, f.brand_id));
  if (f.zone) conds.push(sql`${goods.zones} @> array[${f.zone}]::text[]`);
  if (f.tag) conds.push(sql`${goods.tags} @> array[${f.tag}]::text[]`);
  if (f.in_stock === 1) conds.push(gt(goods.stockTotal, 0));
  if (f.min_price !== undefined) conds.push(gte(goods.basePriceFen, Math.round(f.min_price * 100)));
  if (f.max_price !== undefined) conds.push(lte(goods.basePriceFen, Math.round(f.max_price * 100)));
  return and(...conds)!;
}

export function listOrder(sort: GoodsListQuery['sort']): SQL[] {
  switch (sort) {
    case 'sales':
      return [desc(goods.salesCount), desc(goods.id)];
    case 'price_asc':
      return [asc(goods.basePriceFen), asc(goods.id)];
    case 'price_desc':
      return [desc(goods.basePriceFen), desc(goods.id)];
    case 'newest':
      return [desc(goods.createdAt), desc(goods.id)];
    default:
      return [asc(goods.id)];
  }
}

/** One page of goods and the total, as two queries (the page uses the sort index). */
export async function listGoods(
  db: Db,
  filter: ListFilter,
  sort: GoodsListQuery['sort'],
  page: number,
  pageSize: number,
): Promise<{ rows: SummaryRow[]; total: number }> {
  const where = listConditions(filter);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(goods)
      .where(where)
      .orderBy(...listOrder(sort))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(goods).where(where),
  ]);
  return { rows: rows as SummaryRow[], total };
}

/** The warehouse with most stock of each goods (default ck_id). */
export async function mainWarehouses(db: Db, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!ids.length) return out;
  const rows = await db
    .select({
      goodsId: goodsStock.goodsId,
      warehouseId: goodsStock.warehouseId,
      quantity: goodsStock.quantity,
    })
    .from(goodsStock)
    .where(inArray(goodsStock.goodsId, ids))
    .orderBy(asc(goodsStock.goodsId), desc(goodsStock.quantity), asc(goodsStock.warehouseId));
  for (const r of rows) if (!out.has(r.goodsId)) out.set(r.goodsId, r.warehouseId);
  return out;
}
