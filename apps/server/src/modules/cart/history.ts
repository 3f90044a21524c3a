import { count, desc, eq, inArray } from 'drizzle-orm';
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

/** How many cart lines each of the given users holds (users with none are absent). */
export async function cartLineCounts(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: cartItems.userId, n: count() })
    .from(cartItems)
    .where(inArray(cartItems.userId, userIds))
    .groupBy(cartItems.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}
