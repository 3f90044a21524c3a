import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { users } from '../../db/schema/account';
import { orders } from '../../db/schema/order';

/**
 * The buyer's 已发货 SMS, after the shipment committed (like the station message's twin, a failed
 * SMS never undoes the shipment). Sent by every way of shipping: the console and the open API.
 */
export async function sendShippedSms(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  orderId: number,
  carrier: string,
  trackingNo: string,
) {
  const [buyer] = await app.db
    .select({ phone: users.phone, orderNo: orders.orderNo })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!buyer?.phone) return;
  await app.sms
    .sendNotice('shipped', buyer.phone, {
      // Template variables, in this order: order_no, carrier, tracking_no.
      params: { order_no: buyer.orderNo, carrier, tracking_no: trackingNo },
      text: `【药采】您的订单${buyer.orderNo}已发货，${carrier}运单号${trackingNo}，请注意查收。`,
    })
    .catch((error) => log.warn({ err: error, phone: buyer.phone }, 'shipped notice SMS failed'));
}
