import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from '../../db/client';
import { type RawStatement, rawRows, selectList, statement } from '../../db/raw';
import { cartItems, goods, goodsStock, warehouses } from '../../db/schema';
import type { CartPromotions } from './promotions';

/** One cart line with what pricing and the screen need of its goods, stock and warehouse. */
export const cartRowColumns = {
  id: cartItems.id,
  goodsId: cartItems.goodsId,
  warehouseId: cartItems.warehouseId,
  warehouseName: warehouses.name,
  quantity: cartItems.quantity,
  isSelected: cartItems.isSelected,
  goodsPriceId: cartItems.goodsPriceId,
  ladderPriceId: cartItems.ladderPriceId,
  goodsManjianId: cartItems.goodsManjianId,
  isYj: cartItems.isYj,
  type: cartItems.type,
  combinationId: cartItems.combinationId,
  name: goods.name,
  manufacturer: goods.manufacturer,
  spec: goods.spec,
  unit: goods.unit,
  kind: goods.kind,
  image: goods.image,
  scopeClass: goods.scopeClass,
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
  stock: sql<number>`coalesce(${goodsStock.quantity}, 0)`.mapWith(Number),
};

/** `select <cartRowColumns as "camelCase"> from cart_items ... where user_id = $1 [and id = any($2)]`. */
function cartRowsStatement(name: string, onlyIds: boolean): RawStatement {
  return statement(
    name,
    sql`select ${selectList(cartRowColumns)} from ${cartItems}
    inner join ${goods} on ${goods.id} = ${cartItems.goodsId}
    inner join ${warehouses} on ${warehouses.id} = ${cartItems.warehouseId}
    left join ${goodsStock} on ${goodsStock.goodsId} = ${cartItems.goodsId}
      and ${goodsStock.warehouseId} = ${cartItems.warehouseId}
    where ${cartItems.userId} = ${sql.placeholder('userId')}
    ${onlyIds ? sql`and ${cartItems.id} = any(${sql.placeholder('ids')}::int[])` : sql``}
    order by ${cartItems.id}`,
  );
}

const allRows = cartRowsStatement('cart_rows_all', false);
const someRows = cartRowsStatement('cart_rows_some', true);

/** One cart line as the row statement returns it (typed by the same column map). */
export type CartRow = SelectResultFields<typeof cartRowColumns>;

/**
 * The store's cart lines in the order they were added (optionally only some ids). The hottest
 * read of the shop (GET /api/cart/list), so it runs as a prepared statement without ORM mapping
 * (db/raw.ts); the columns still come from `cartRowColumns`.
 */
export function loadCartRows(db: DbOrTx, userId: number, ids?: number[]): Promise<CartRow[]> {
  return ids ? rawRows<CartRow>(db, someRows, [userId, ids]) : rawRows<CartRow>(db, allRows, [userId]);
}

/**
 * Sets a package line can take: the fewest any of its goods' stock allows in the package's
 * warehouse. Keyed by combination id.
 */
export async function combinationStocks(
  db: DbOrTx,
  promotions: CartPromotions,
  combinationIds: number[],
): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  const combos = combinationIds.map((id) => promotions.combinations.get(id)).filter((c) => !!c);
  if (combos.length === 0) return result;
  const goodsIds = [...new Set(combos.flatMap((c) => c.items.map((i) => i.goodsId)))];
  const stocks = await db.select().from(goodsStock).where(inArray(goodsStock.goodsId, goodsIds));
  const byKey = new Map(stocks.map((s) => [`${s.goodsId}:${s.warehouseId}`, s.quantity]));
  for (const combo of combos) {
    let sets = Number.POSITIVE_INFINITY;
    for (const item of combo.items) {
      const stock = byKey.get(`${item.goodsId}:${combo.warehouseId}`) ?? 0;
      sets = Math.min(sets, Math.floor(stock / item.quantity));
    }
    result.set(combo.id, Number.isFinite(sets) ? sets : 0);
  }
  return result;
}

/** Ids among `ids` that are lines of this store's cart. */
export async function ownedLineIds(db: DbOrTx, userId: number, ids: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, ids)));
  return new Set(rows.map((r) => r.id));
}

const lineCount = statement(
  'cart_line_count',
  sql`select count(*)::int as "n" from ${cartItems} where ${cartItems.userId} = ${sql.placeholder('userId')}`,
);

/** The store's number of cart lines (the badge; read on every page and after every add). */
export async function countLines(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await rawRows<{ n: number }>(db, lineCount, [userId]);
  return row?.n ?? 0;
}

/** A goods inside a package or earned as a gift/换购: what an order line and its checks need. */
export interface OtherGoods {
  name: string;
  spec: string;
  manufacturer: string;
  unit: string;
  image: string | null;
  ephedrine: boolean;
  scopeClass: string;
  /** Units in stock per warehouse id. */
  stock: Map<number, number>;
}

/** Goods of packages and gifts with their stock per warehouse, by goods id. */
export async function loadOtherGoods(db: DbOrTx, ids: number[]): Promise<Map<number, OtherGoods>> {
  const result = new Map<number, OtherGoods>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return result;
  const [found, stocks] = await Promise.all([
    db
      .select({
        id: goods.id,
        name: goods.name,
        spec: goods.spec,
        manufacturer: goods.manufacturer,
        unit: goods.unit,
        image: goods.image,
        ephedrine: goods.ephedrine,
        scopeClass: goods.scopeClass,
      })
      .from(goods)
      .where(inArray(goods.id, unique)),
    db.select().from(goodsStock).where(inArray(goodsStock.goodsId, unique)),
  ]);
  for (const { id, ...g } of found) result.set(id, { ...g, stock: new Map() });
  for (const s of stocks) result.get(s.goodsId)?.stock.set(s.warehouseId, s.quantity);
  return result;
}
