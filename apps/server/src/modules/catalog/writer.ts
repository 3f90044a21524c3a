import { defaultTaxOf } from '@yaocai/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { goods, goodsCategories, goodsStock, type LadderTierRow } from '../../db/schema/catalog';
import { goodsPinyinColumns, type PinyinKeys, pinyinKeys } from './pinyin';
import { invalidateGoodsLists } from './queries';

/** One goods to write, with its stock per warehouse and its category memberships. */
export interface GoodsWrite {
  sku: string;
  name: string;
  commonName: string;
  kind: string;
  manufacturer: string;
  brandId: number | null;
  spec: string;
  unit: string;
  approvalNo: string;
  /** The package barcode (EAN-13); '' or left out for none. */
  barcode?: string;
  dosageForm: string;
  authorizationHolder: string;
  rxClass: string;
  storage: string;
  expiresOn: string | null;
  description: string;
  scopeClass: string;
  /** 税收分类编码 and VAT rate: the scope class's default when absent (domain defaultTaxOf). */
  taxCode?: string;
  taxRate?: number;
  basePriceFen: number;
  retailPriceFen: number | null;
  ladderType: number;
  ladder: LadderTierRow[];
  minQuantity: number;
  stepQuantity: number;
  isBuy: boolean;
  isFreeShipping: boolean;
  freeShippingNumber: number;
  tags: string[];
  zones: string[];
  ephedrine: boolean;
  color: string;
  salesCount: number;
  createdAt?: Date;
  stock: { warehouseId: number; quantity: number }[];
  categoryIds: number[];
}

const pinyinCache = new Map<string, PinyinKeys>();

function keysOf(text: string): PinyinKeys {
  let keys = pinyinCache.get(text);
  if (!keys) {
    keys = pinyinKeys(text);
    if (pinyinCache.size > 50_000) pinyinCache.clear();
    pinyinCache.set(text, keys);
  }
  return keys;
}

/** Search columns for a name and manufacturer, memoised (generated catalogues repeat names). */
const searchColumns = (name: string, manufacturer: string) => goodsPinyinColumns(name, manufacturer, keysOf);

const BATCH = 500;

/**
 * Inserts goods in batches: the goods rows (pinyin search keys and stock_total computed here,
 * on every write), then their stock and category rows. Returns the new ids in input order.
 */
export async function insertGoods(db: DbOrTx, items: GoodsWrite[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < items.length; start += BATCH) {
    const batch = items.slice(start, start + BATCH);
    const rows = await db
      .insert(goods)
      .values(
        batch.map(({ stock, categoryIds, createdAt, ...g }) => ({
          ...g,
          taxCode: g.taxCode ?? defaultTaxOf(g.scopeClass, g.kind).code,
          taxRate: g.taxRate ?? defaultTaxOf(g.scopeClass, g.kind).rate,
          ...searchColumns(g.name, g.manufacturer),
          stockTotal: stock.reduce((sum, s) => sum + s.quantity, 0),
          ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
        })),
      )
      .returning({ id: goods.id });
    const batchIds = rows.map((r) => r.id);
    ids.push(...batchIds);
    const stockRows = batch.flatMap((g, i) =>
      g.stock.map((s) => ({ goodsId: batchIds[i], warehouseId: s.warehouseId, quantity: s.quantity })),
    );
    const categoryRows = batch.flatMap((g, i) =>
      [...new Set(g.categoryIds)].map((categoryId) => ({ goodsId: batchIds[i], categoryId })),
    );
    if (stockRows.length) await db.insert(goodsStock).values(stockRows);
    if (categoryRows.length) await db.insert(goodsCategories).values(categoryRows);
  }
  invalidateGoodsLists();
  return ids;
}

/** Recomputes the pinyin columns of existing goods (after an operator edits names). */
export async function refreshSearchColumns(db: DbOrTx, id: number, name: string, manufacturer: string) {
  await db
    .update(goods)
    .set({ ...searchColumns(name, manufacturer), updatedAt: sql`now()` })
    .where(sql`${goods.id} = ${id}`);
  invalidateGoodsLists();
}
