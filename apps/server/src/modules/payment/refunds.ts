// Refunds of a paid order (after-sales): the money goes back the way it came, all of it or a part.
// Balance -> back to the balance; credit -> the order's bill and the used credit go down; online
// -> back through the provider that took it. The payment row keeps what went back
// (refunded_fen); it becomes refunded only once all of it has.
import { toYuan } from '@yaocai/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentRefunds, payments } from '../../db/schema/wallet';
import type { OrderRow } from '../order/state';
import { moveBalance, returnCredit, USE_TYPE } from '../wallet/service';
import { recordRefundEvent } from '../webhooks/events';
import { type PaymentProvider, ProviderError, providers, type RefundState } from './provider';
import { createTransferRefund } from './transfer/refund-ledger';

type PaymentRow = typeof payments.$inferSelect;

/**
 * One call to a provider about a refund: a `ProviderError` (a refusal, a time-out) becomes the
 * state `onError` with the provider's words; anything else is a bug and throws.
 */
async function askProvider(
  call: () => Promise<RefundState>,
  onError: RefundState,
): Promise<{ state: RefundState; error: string | null }> {
  try {
    return { state: await call(), error: null };
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    return { state: onError, error: e.message };
  }
}

type RefundRow = typeof paymentRefunds.$inferSelect;

/** The provider's request for one of our refund rows of a payment. */
const refundRequest = (payment: { outTradeNo: string; amountFen: number }, refund: RefundRow) => ({
  outTradeNo: payment.outTradeNo,
  refundNo: refund.refundNo,
  amountFen: refund.amountFen,
  totalFen: payment.amountFen,
  reason: refund.reason,
});

/**
 * Records where a refund stands: a final state (SUCCESS, FAILED) gets its time, PROCESSING has
 * none. `whileIn` makes it conditional on the state the caller read (a poll racing a retry).
 */
async function settleRefund(
  db: DbOrTx,
  id: number,
  { state, error }: { state: RefundState; error: string | null },
  whileIn?: string,
) {
  const [settled] = await db
    .update(paymentRefunds)
    .set({
      status: state.toLowerCase(),
      error,
      attempts: sql`${paymentRefunds.attempts} + 1`,
      finishedAt: state === 'PROCESSING' ? null : sql`now()`,
    })
    .where(and(eq(paymentRefunds.id, id), whileIn ? eq(paymentRefunds.status, whileIn) : undefined))
    .returning({
      orderId: paymentRefunds.orderId,
      amountFen: paymentRefunds.amountFen,
      refundNo: paymentRefunds.refundNo,
    });
  // The money reached the buyer: the ERP hears it (outbox, in this transaction).
  if (settled && state === 'SUCCESS') await recordRefundEvent(db, { ...settled, channel: 'online' });
}

/**
 * Sends `amountFen` of a paid online trade back through its provider, in the caller's
 * transaction and under its lock on the payment, and keeps it in `payment_refunds` by our refund
 * number (the provider's idempotency key, so a retry never pays twice). SUCCESS is done;
 * PROCESSING is polled (pollRefunds); a provider that refuses or cannot be reached leaves a
 * failed refund for 财务 to retry: the money is owed either way, so the order moves on.
 */
export async function sendProviderRefund(
  tx: DbOrTx,
  provider: PaymentProvider,
  payment: PaymentRow,
  amountFen: number,
  reason: string,
): Promise<RefundState> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, payment.id));
  const [refund] = await tx
    .insert(paymentRefunds)
    .values({
      paymentId: payment.id,
      orderId: payment.orderId,
      provider: provider.name,
      refundNo: `${payment.outTradeNo}R${n + 1}`,
      amountFen,
      reason,
    })
    .returning();
  const outcome = await askProvider(() => provider.refund(tx, refundRequest(payment, refund)), 'FAILED');
  await settleRefund(tx, refund.id, outcome);
  return outcome.state;
}

/**
 * Asks the providers where their PROCESSING refunds stand and records the answers (the payment
 * sweeper calls it). A provider that cannot be reached is asked again next time. Returns how
 * many refunds reached a final state.
 */
export async function pollRefunds(db: DbOrTx, limit = 50) {
  const open = await db
    .select({ refund: paymentRefunds, outTradeNo: payments.outTradeNo })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(paymentRefunds.status, 'processing'))
    .orderBy(asc(paymentRefunds.id))
    .limit(limit);
  let settled = 0;
  for (const { refund, outTradeNo } of open) {
    const provider = providers.get(refund.provider);
    if (!provider) continue;
    const outcome = await askProvider(
      () => provider.queryRefund(db, { outTradeNo, refundNo: refund.refundNo }),
      'PROCESSING',
    );
    await db.transaction((tx) => settleRefund(tx, refund.id, outcome, 'processing'));
    if (outcome.state !== 'PROCESSING') settled++;
  }
  return settled;
}

/**
 * 财务 sends a failed refund again, with the same refund number (so the provider never pays it
 * twice). Returns the new state.
 */
export async function retryRefund(db: DbOrTx, refundId: number): Promise<RefundState | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ refund: paymentRefunds, payment: payments })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'failed')))
      .for('update', { of: paymentRefunds });
    const provider = row && providers.get(row.refund.provider);
    if (!row || !provider) return null;
    const outcome = await askProvider(
      () => provider.refund(tx, refundRequest(row.payment, row.refund)),
      'FAILED',
    );
    await settleRefund(tx, row.refund.id, outcome);
    return outcome.state;
  });
}

export type RefundChannel = 'balance' | 'credit' | 'online' | 'transfer';

/** Where a refund of the order goes, in the words the buyer reads. */
export const refundChannelNames: Record<RefundChannel, string> = {
  balance: '账户余额',
  credit: '账期额度',
  online: '原支付账户',
  transfer: '原转账账户',
};

/**
 * Gives `amountFen` of a locked, paid order back the way it was paid, in the caller's
 * transaction. The caller has checked the amount against what the order can still refund.
 * Orders without a payment row (demo data) move the money by the order's payment method.
 */
export async function refundOrderPayment(
  tx: DbOrTx,
  order: OrderRow,
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
  } else if (order.paymentMethod === 'transfer') {
    // 财务 makes the outgoing transfer and records it; until then the buyer reads 退款处理中.
    await createTransferRefund(tx, {
      orderId: order.id,
      userId: order.userId,
      amountFen,
      kind: 'after_sales',
      reason,
    });
    channel = 'transfer';
  } else if (order.paymentMethod === 'online' && payment && provider) {
    await sendProviderRefund(tx, provider, payment, amountFen, reason);
    channel = 'online';
  } else {
    await moveBalance(tx, order.userId, amountFen, USE_TYPE.refund, `订单${order.orderNo}${reason}`, {
      orderId: order.id,
    });
    channel = 'balance';
  }
  // Balance and credit refunds are done at once; online ones when the provider says SUCCESS
  // (settleRefund), transfer ones when 财务 records the outgoing transfer.
  if (channel === 'balance' || channel === 'credit')
    await recordRefundEvent(tx, { orderId: order.id, amountFen, channel });
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
  channel === 'transfer'
    ? `退款${toYuan(amountFen).toFixed(2)}元，待财务转账退回原转账账户`
    : `退款${toYuan(amountFen).toFixed(2)}元，原路退回${refundChannelNames[channel]}`;
