import { type Column, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/order';

// What other modules show of orders beside their own rows (财务's transfer receipts and refund
// to-dos): one statement per id set, read after the caller's page. Unknown ids are left out.

export interface OrderBrief {
  id: number;
  orderNo: string;
  status: string;
  totalFen: number;
}

export async function orderBriefsOf(
  db: DbOrTx,
  orderIds: readonly number[],
): Promise<Map<number, OrderBrief>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, orderNo: orders.orderNo, status: orders.status, totalFen: orders.totalFen })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * A condition for another module's keyword search: the order `orderId` names (a column or
 * expression of the caller's query) has a number matching the ILIKE `pattern`.
 */
export const orderNoLike = (orderId: Column | SQL, pattern: string) =>
  sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${orders.orderNo} ilike ${pattern})`;
