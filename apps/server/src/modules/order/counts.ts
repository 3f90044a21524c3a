import { count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/order';

// Order counts other modules show (the member centre's tabs, a company's stores).

/** How many orders a store user has in each status (statuses with none are absent). */
export function orderCountsByStatus(db: DbOrTx, userId: number) {
  return db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(eq(orders.userId, userId))
    .groupBy(orders.status);
}

/** How many orders each of the given users has placed (users with none are absent). */
export async function orderCountsOfUsers(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: orders.userId, n: count() })
    .from(orders)
    .where(inArray(orders.userId, userIds))
    .groupBy(orders.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}
