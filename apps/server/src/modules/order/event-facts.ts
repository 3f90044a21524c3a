import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/order';

/**
 * What another module says of an order (a webhook event's body): its number, status, company,
 * total and payment method; undefined when there is no such order.
 */
export async function orderEventFacts(db: DbOrTx, orderId: number) {
  const [order] = await db
    .select({
      orderNo: orders.orderNo,
      status: orders.status,
      companyId: orders.companyId,
      totalFen: orders.totalFen,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}
