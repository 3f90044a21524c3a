import { and, type Column, eq, gte, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/order';

// The order module's published condition for other modules' statements that count what paid
// orders took (a promotion's uses and sales): true when the order `orderId` names has been paid.
// It rides in the caller's statement as a primary-key lookup, never a query per row.

/** Whether the order whose id is `orderId` (a column or expression of the caller's query) is paid. */
export const isPaidOrder = (orderId: Column | SQL) =>
  sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${orders.paidAt} is not null)`;

/**
 * A store's paid, not cancelled orders paid since `since`, as a subquery (column `id`) for
 * another module's statement that filters them against its own rows in the same statement (the
 * lottery's orders not yet drawn on).
 */
export const paidOrdersOfStoreSince = (db: DbOrTx, userId: number, since: Date) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        isNotNull(orders.paidAt),
        gte(orders.paidAt, since),
        ne(orders.status, 'cancelled'),
      ),
    )
    .as('paid_orders');
