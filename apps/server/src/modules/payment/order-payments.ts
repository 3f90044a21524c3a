import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema/wallet';

/** Every payment of an order, oldest first (the order detail lists them). */
export function orderPayments(db: DbOrTx, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}

/** The payments of these orders in the given states, oldest first (the ERP feed's page). */
export function paymentsOfOrders(db: DbOrTx, orderIds: readonly number[], statuses: readonly string[]) {
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.orderId, [...orderIds]), inArray(payments.status, [...statuses])))
    .orderBy(asc(payments.id));
}
