import { type Column, type SQL, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/order';

// The order module's published condition for other modules' statements that count what paid
// orders took (a promotion's uses and sales): true when the order `orderId` names has been paid.
// It rides in the caller's statement as a primary-key lookup, never a query per row.

/** Whether the order whose id is `orderId` (a column or expression of the caller's query) is paid. */
export const isPaidOrder = (orderId: Column | SQL) =>
  sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${orders.paidAt} is not null)`;
