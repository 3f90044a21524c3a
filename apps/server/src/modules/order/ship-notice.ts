import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { orders } from '../../db/schema/order';
import { storeUserPhone } from '../account/store-users';

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
  const [order] = await app.db
    .select({ userId: orders.userId, orderNo: orders.orderNo })
    .from(orders)
    .where(eq(orders.id, orderId));
  const phone = order && (await storeUserPhone(app.db, order.userId));
  if (!phone) return;
  const buyer = { phone, orderNo: order.orderNo };
  await app.sms
    .sendNotice('shipped', buyer.phone, {
      // Template variables, in this order: order_no, carrier, tracking_no.
      params: { order_no: buyer.orderNo, carrier, tracking_no: trackingNo },
      text: `【药采】您的订单${buyer.orderNo}已发货，${carrier}运单号${trackingNo}，请注意查收。`,
    })
    .catch((error) => log.warn({ err: error, phone: buyer.phone }, 'shipped notice SMS failed'));
}
