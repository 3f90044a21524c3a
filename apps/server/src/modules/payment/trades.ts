// Online trades: closing them, and applying what the provider says arrived. The provider's own
// book is the truth about money: a notification is only a hint to go and ask it, so a forged or
// replayed one can at most make us ask again. Money that arrives for an order that can no longer
// take it goes back through the provider it came from, never into the wallet.
import { toYuan } from '@yaocai/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentNotifications, payments } from '../../db/schema/wallet';
import type { BuyerCtx, Ctx } from '../../lib/context';
import { raiseDomainEvent } from '../../lib/domain-events';
import { AppError, conflict, notFound, refusal } from '../../lib/errors';
import { spendRefusalOf } from '../account/standing';
import { type Actor, recordEvent } from '../order/events';
import { findOrder, lockOrder, type OrderRow, transition } from '../order/state';
import { type NotificationRequest, type PaymentProvider, providers, type TradeClaim } from './provider';
import { sendProviderRefund } from './refunds';

type PaymentRow = typeof payments.$inferSelect;

export type NotifyOutcome = 'paid' | 'refunded';

function providerOf(name: string) {
  const provider = providers.get(name);
  if (!provider) throw new Error(`payment ${name}: no such provider`);
  return provider;
}

/**
 * Marks a locked, payable order paid (state machine, paid amount, payment method). `by`: who
 * decided it was paid when that is not the buyer or the provider (财务 confirming a transfer).
 */
export async function markOrderPaid(tx: DbOrTx, order: OrderRow, method: string, now: Date, by?: Actor) {
  const actor =
    by ??
    (method === 'online'
      ? ({ type: 'provider', at: now } as const)
      : ({ type: 'buyer', id: order.userId, at: now } as const));
  const labels: Record<string, string> = {
    balance: '余额支付',
    credit: '账期支付',
    online: '在线支付',
    transfer: '对公转账',
  };
  await transition(tx, order, 'pay', actor, `${labels[method]} ${toYuan(order.totalFen).toFixed(2)} 元`, {
    paidFen: order.totalFen,
    paidAt: now,
    paymentMethod: method,
  });
  await raiseDomainEvent(tx, 'order.paid', {
    order: { ...order, paidFen: order.totalFen, paidAt: now },
    at: now,
  });
}

/**
 * Sends a paid trade's money back through its provider and records it: the payment row becomes
 * refunded and the order's history says so. The order stays as it is (cancelled or paid another
 * way): this money was never the order's.
 */
async function refundTrade(
  tx: DbOrTx,
  provider: PaymentProvider,
  payment: PaymentRow,
  order: { id: number; status: string },
  transactionId: string | null,
  reason: string,
  now: Date,
) {
  await tx
    .update(payments)
    .set({ status: 'refunded', refundedFen: payment.amountFen, providerTransactionId: transactionId })
    .where(eq(payments.id, payment.id));
  await sendProviderRefund(
    tx,
    provider,
    { ...payment, providerTransactionId: transactionId },
    payment.amountFen,
    reason,
  );
  await recordEvent(
    tx,
    order.id,
    { type: 'provider', at: now },
    'refund',
    order.status,
    order.status,
    `在线支付 ${toYuan(payment.amountFen).toFixed(2)} 元已原路退回（${reason}）`,
  );
}

/**
 * Closes the order's open online trade at its provider, in the caller's transaction and under
 * the caller's lock on the order: called before an order is cancelled (buyer, operator, expiry)
 * or paid another way. A trade closed here can never be paid; a payer who confirmed first gets
 * the money back through the provider (the order is going away or paid otherwise).
 */
export async function closeOpenTrades(tx: DbOrTx, orderId: number, now: Date) {
  const open = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
    .for('update');
  if (!open.length) return;
  const order = await findOrder(tx, orderId);
  if (!order) return;
  for (const payment of open) {
    const provider = providerOf(payment.provider);
    if ((await provider.close(tx, payment.outTradeNo)) === 'closed') {
      await tx.update(payments).set({ status: 'closed' }).where(eq(payments.id, payment.id));
      continue;
    }
    const q = await provider.query(tx, payment.outTradeNo);
    const transactionId = 'transactionId' in q ? q.transactionId : null;
    await refundTrade(tx, provider, payment, order, transactionId, '订单已关闭或已用其他方式支付', now);
  }
}

/**
 * Applies what the provider's own book says about a trade, once per provider transaction: paid
 * for the payment's exact amount and the order still payable -> the order is paid; paid but the
 * order can no longer take it -> refunded through the provider. `claim` is what a notification
 * said; it must agree with the provider's answer. Locks the order before the payment, like every
 * other path, so no two paths wait on each other.
 */
export async function applyProviderTrade(
  ctx: Ctx,
  provider: PaymentProvider,
  outTradeNo: string,
  claim?: TradeClaim,
): Promise<NotifyOutcome> {
  const [known] = await ctx.db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.outTradeNo, outTradeNo), eq(payments.provider, provider.name)));
  if (!known) throw notFound('支付单不存在');
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, known.orderId);
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.outTradeNo, outTradeNo))
      .for('update');
    const q = await provider.query(tx, outTradeNo);
    if (q.state !== 'SUCCESS' && q.state !== 'REFUND') throw refusal('支付渠道查询该交易尚未支付');
    if (q.amountFen !== payment.amountFen || (claim && claim.amountFen !== q.amountFen))
      throw refusal('支付金额与订单金额不符');
    if (claim && claim.transactionId !== q.transactionId) throw refusal('支付通知与支付渠道的交易不符');
    const inserted = await tx
      .insert(paymentNotifications)
      .values({
        provider: provider.name,
        transactionId: q.transactionId,
        outTradeNo,
        payload: claim
          ? { source: 'notification', ...claim }
          : { source: 'query', outTradeNo, transactionId: q.transactionId },
      })
      .onConflictDoNothing()
      .returning({ id: paymentNotifications.id });
    if (!inserted.length) throw conflict('重复的支付通知，已忽略');
    if (payment.status === 'refunded' || q.state === 'REFUND') throw conflict('支付单已处理');
    const payable =
      payment.status === 'pending' &&
      order.status === 'pending_payment' &&
      order.totalFen === payment.amountFen;
    // A trade started before the buyer's company was disabled: the money goes back and the order
    // stays unpaid, so it never reaches 待发货 while the company may not spend.
    if (payable && (await spendRefusalOf(tx, order.userId))) {
      await refundTrade(tx, provider, payment, order, q.transactionId, '企业账户已停用', ctx.now);
      return 'refunded';
    }
    if (payable) {
      await tx
        .update(payments)
        .set({ status: 'paid', providerTransactionId: q.transactionId, paidAt: q.paidAt })
        .where(eq(payments.id, payment.id));
      await markOrderPaid(tx, order, 'online', q.paidAt);
      return 'paid';
    }
    // A real provider may still take money on a trade we closed, or after the order was paid
    // another way: it goes back the way it came.
    await refundTrade(tx, provider, payment, order, q.transactionId, '订单已关闭或已用其他方式支付', ctx.now);
    return 'refunded';
  });
}

/**
 * A provider's notification: the signature must be the provider's (checked, and the body
 * decrypted where the provider encrypts it, by the provider), then its book is asked.
 */
export async function handleNotification(
  ctx: Ctx,
  provider: PaymentProvider,
  request: NotificationRequest,
): Promise<{ outcome: NotifyOutcome; claim: TradeClaim }> {
  const claim = await provider.readNotification(ctx.db, request);
  if (!claim) throw new AppError(401, '支付通知签名验证失败');
  return { outcome: await applyProviderTrade(ctx, provider, claim.outTradeNo, claim), claim };
}

/** The logged-in buyer's own online trade at a provider (404 for anyone else's). */
export async function ownTrade(ctx: BuyerCtx, providerName: string, outTradeNo: string) {
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.outTradeNo, outTradeNo),
        eq(payments.provider, providerName),
        eq(payments.userId, ctx.actor.userId),
      ),
    );
  if (!payment) throw notFound('支付单不存在');
  return payment;
}

/** Applies a trade the provider reports paid, ignoring "already applied" (status polling). */
export async function applyIfPaid(ctx: Ctx, payment: PaymentRow) {
  const provider = providerOf(payment.provider);
  const q = await provider.query(ctx.db, payment.outTradeNo);
  if (q.state !== 'SUCCESS') return;
  await applyProviderTrade(ctx, provider, payment.outTradeNo).catch((e) => {
    if (!(e instanceof AppError && e.statusCode === 409)) throw e;
  });
}
