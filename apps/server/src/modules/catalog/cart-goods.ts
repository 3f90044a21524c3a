import { type Column, type SQL, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from '../../db/client';
import { anyOf, rawRows, selectList, statement } from '../../db/raw';
import { goods, goodsCategories, goodsStock, warehouses } from '../../db/schema/catalog';
import { saleControlOf } from './sale-control-column';

// What the cart reads of goods, warehouses and stock. Its hottest statements (a cart's rows, the
// one-line add) stay one statement each: the catalogue gives the columns and the joins as SQL
// pieces that the cart's prepared statements (cart/queries.ts) embed, so the statement text and
// plan are what they were when the cart named these tables itself.

/** What a cart line shows and prices of its goods, its warehouse and the stock there. */
export const cartGoodsColumns = {
  warehouseName: warehouses.name,
  name: goods.name,
  manufacturer: goods.manufacturer,
  spec: goods.spec,
  unit: goods.unit,
  kind: goods.kind,
  image: goods.image,
  scopeClass: goods.scopeClass,
  rxClass: goods.rxClass,
  basePriceFen: goods.basePriceFen,
  ladderType: goods.ladderType,
  ladder: goods.ladder,
  minQuantity: goods.minQuantity,
  stepQuantity: goods.stepQuantity,
  isBuy: goods.isBuy,
  isOnSale: goods.isOnSale,
  isFreeShipping: goods.isFreeShipping,
  freeShippingNumber: goods.freeShippingNumber,
  tags: goods.tags,
  zones: goods.zones,
  ephedrine: goods.ephedrine,
  brandId: goods.brandId,
  /** The goods' own categories: what promotion coverage is matched on. */
  categoryIds: sql<
    number[]
  >`array(select ${goodsCategories.categoryId} from ${goodsCategories} where ${goodsCategories.goodsId} = ${goods.id})`,
  stock: sql<number>`coalesce(${goodsStock.quantity}, 0)`.mapWith(Number),
  saleControl: saleControlOf(),
};

/**
 * The joins that give `cartGoodsColumns` for a row naming a goods and a warehouse: the goods and
 * the warehouse must exist, the stock row may not.
 */
export function cartGoodsJoins(goodsId: Column | SQL, warehouseId: Column | SQL): SQL {
  return sql`inner join ${goods} on ${goods.id} = ${goodsId}
    inner join ${warehouses} on ${warehouses.id} = ${warehouseId}
    left join ${goodsStock} on ${goodsStock.goodsId} = ${goodsId}
      and ${goodsStock.warehouseId} = ${warehouseId}`;
}

/** A goods line's buying rule with its stock in one warehouse (one row per warehouse holding it). */
export const addGoodsColumns = {
  id: goods.id,
  name: goods.name,
  scopeClass: goods.scopeClass,
  rxClass: goods.rxClass,
  isBuy: goods.isBuy,
  isOnSale: goods.isOnSale,
  min: goods.minQuantity,
  step: goods.stepQuantity,
  warehouseId: sql<number | null>`${goodsStock.warehouseId}`,
  stock: sql<number | null>`${goodsStock.quantity}`,
  saleControl: saleControlOf(),
};
export type AddGoodsRow = SelectResultFields<typeof addGoodsColumns>;

/**
 * Goods with their stock rows (`from ... left join ...`, one row per goods and warehouse holding
 * it), for statements that select `addGoodsColumns`; `goodsId` and `warehouseId` name the row's
 * goods and warehouse for the statement's own joins and conditions.
 */
export const goodsWithStock = {
  from: sql`from ${goods}
    left join ${goodsStock} on ${goodsStock.goodsId} = ${goods.id}`,
  goodsId: goods.id,
  warehouseId: goodsStock.warehouseId,
};

const addGoods = statement(
  'cart_add_goods',
  sql`select ${selectList(addGoodsColumns)} ${goodsWithStock.from}
    where ${goods.id} = any(${sql.placeholder('ids')}::int[])`,
);

/** What adding to the cart needs of these goods: their rule and stock per warehouse. */
export function loadAddGoods(db: DbOrTx, goodsIds: number[]): Promise<AddGoodsRow[]> {
  return goodsIds.length > 0 ? rawRows<AddGoodsRow>(db, addGoods, [goodsIds]) : Promise.resolve([]);
}

/** The stock rows of these goods (every warehouse). */
export function stockOfGoods(db: DbOrTx, goodsIds: number[]) {
  return db.select().from(goodsStock).where(anyOf(goodsStock.goodsId, goodsIds));
}

/** What an order line and its checks need of goods inside packages or earned as gifts. */
export function goodsOfPackages(db: DbOrTx, goodsIds: number[]) {
  return db
    .select({
      id: goods.id,
      name: goods.name,
      spec: goods.spec,
      manufacturer: goods.manufacturer,
      unit: goods.unit,
      image: goods.image,
      ephedrine: goods.ephedrine,
      scopeClass: goods.scopeClass,
      rxClass: goods.rxClass,
    })
    .from(goods)
    .where(anyOf(goods.id, goodsIds));
}
