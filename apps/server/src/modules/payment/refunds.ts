// Refunds of a paid order (after-sales): the money goes back the way it came, all of it or a part.
// Balance -> back to the balance; credit -> the order's bill and the used credit go down; online
// -> back through the provider that took it. The payment row keeps what went back
// (refunded_fen); it becomes refunded only once all of it has.
import { toYuan } from '@yaocai/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type orders, payments } from '../../db/schema';
import { moveBalance, returnCredit, USE_TYPE } from '../wallet/service';
import { providers } from './provider';

export type RefundChannel = 'balance' | 'credit' | 'online';

/** Where a refund of the order goes, in the words the buyer reads. */
export const refundChannelNames: Record<RefundChannel, string> = {
  balance: '账户余额',
  credit: '账期额度',
  online: '原支付账户',
};

/**
 * Gives `amountFen` of a locked, paid order back the way it was paid, in the caller's
 * transaction. The caller has checked the amount against what the order can still refund.
 * Orders without a payment row (demo data) move the money by the order's payment method.
 */
export async function refundOrderPayment(
  tx: DbOrTx,
  order: typeof orders.$inferSelect,
  amountFen: number,
  reason: string,
): Promise<RefundChannel> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'paid')))
    .orderBy(asc(payments.id))
    .limit(1)
    .for('update');
  if (payment && payment.amountFen - payment.refundedFen < amountFen)
    throw new Error(`payment ${payment.outTradeNo}: ${amountFen} fen is more than is left to refund`);
  const provider = payment ? providers.get(payment.provider) : undefined;
  let channel: RefundChannel;
  if (order.paymentMethod === 'credit') {
    await returnCredit(tx, order.userId, order.id, amountFen);
    channel = 'credit';
  } else if (order.paymentMethod === 'online' && payment && provider) {
    await provider.refund(tx, payment.outTradeNo, amountFen, reason);
    channel = 'online';
  } else {
    await moveBalance(tx, order.userId, amountFen, USE_TYPE.refund, `订单${order.orderNo}${reason}`, {
      orderId: order.id,
    });
    channel = 'balance';
  }
  if (payment)
    await tx
      .update(payments)
      .set({
        refundedFen: sql`${payments.refundedFen} + ${amountFen}`,
        status: payment.refundedFen + amountFen >= payment.amountFen ? 'refunded' : 'paid',
      })
      .where(eq(payments.id, payment.id));
  return channel;
}

/** The history line of a refund: how much, and where it went. */
export const refundNote = (amountFen: number, channel: RefundChannel) =>
  `退款${toYuan(amountFen).toFixed(2)}元，原路退回${refundChannelNames[channel]}`;
