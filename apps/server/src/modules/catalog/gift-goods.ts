import { and, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { goodsStock, warehouses } from '../../db/schema/catalog';
import { goodsOfPackages } from './cart-goods';

// What a free order of one goods (a points reward, a lottery prize) reads of the catalogue: the
// goods as its line copies it, and the warehouse it ships from. The stock itself moves through
// the order's reservation (order/stock.ts -> stock-moves.ts), in the same transaction.

/** A goods as a free order's line copies it, or undefined when there is no such goods. */
export async function giftGoodsOf(db: DbOrTx, goodsId: number) {
  const [g] = await goodsOfPackages(db, [goodsId]);
  return g;
}

/** The warehouse holding most of a goods (some at least), or undefined when none holds any. */
export async function fullestWarehouseOf(db: DbOrTx, goodsId: number) {
  const [from] = await db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(goodsStock)
    .innerJoin(warehouses, eq(warehouses.id, goodsStock.warehouseId))
    .where(and(eq(goodsStock.goodsId, goodsId), gt(goodsStock.quantity, 0)))
    .orderBy(desc(goodsStock.quantity))
    .limit(1);
  return from;
}
