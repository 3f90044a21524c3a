import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cartItems } from '../../db/schema/cart';

/**
 * The goods a buyer last put in its cart, newest first, as a subquery (the catalog's
 * recommendations read the categories of these in the same statement).
 */
export function recentCartGoods(db: DbOrTx, userId: number, limit: number) {
  return db
    .select({ goodsId: cartItems.goodsId })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.updatedAt))
    .limit(limit);
}
