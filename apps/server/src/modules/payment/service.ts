import { randomBytes } from 'node:crypto';
import { toYuan } from '@yaocai/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { payments } from '../../db/schema/wallet';
import type { BuyerCtx } from '../../lib/context';
import { assertMaySpend } from '../../lib/eligibility';
import { AppError, notFound, refusal } from '../../lib/errors';
import { assertEphedrinePayment } from '../compliance/ephedrine';
import { loadOrderSettings } from '../order/settings';
import { findOrder, lockOrder, type OrderRow } from '../order/state';
import { moveBalance, USE_TYPE, useCredit, walletRow } from '../wallet/service';
import { type PaymentProvider, ProviderError } from './provider';
import { applyIfPaid, closeOpenTrades, markOrderPaid } from './trades';
import { releaseTransfer, transferHoldsOrder } from './transfer/service';

export { closeOpenTrades, releaseTransfer, transferHoldsOrder };

function assertPayable(order: OrderRow, now: Date) {
  if (order.status === 'cancelled') throw refusal('订单已取消，不能支付');
  if (order.status !== 'pending_payment') throw refusal('订单已支付，请勿重复支付');
  if (order.expiresAt < now) throw refusal('订单已超时关闭，不能支付');
}

const tradeNo = (order: OrderRow, tag: string) => `${order.orderNo}${tag}${randomBytes(3).toString('hex')}`;

/**
 * Pays a locked order from the store's own money (balance or credit): the open online trade is
 * closed first, in the same transaction, so the QR code still on screen can no longer pay it.
 */
async function payInHouse(
  ctx: BuyerCtx,
  orderId: number,
  method: 'balance' | 'credit',
  take: (tx: Tx, order: OrderRow) => Promise<void>,
) {
  assertMaySpend(ctx);
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, ctx.actor.userId);
    assertPayable(order, ctx.now);
    await releaseTransfer(tx, order, 'pay');
    await closeOpenTrades(tx, order.id, ctx.now);
    await take(tx, order);
    await markOrderPaid(tx, order, method, ctx.now);
    await tx.insert(payments).values({
      orderId: order.id,
      userId: order.userId,
      provider: method,
      outTradeNo: tradeNo(order, method === 'balance' ? 'B' : 'C'),
      amountFen: order.totalFen,
      status: 'paid',
      paidAt: ctx.now,
    });
    return order;
  });
}

export async function payByBalance(ctx: BuyerCtx, orderId: number) {
  let balance = 0;
  const order = await payInHouse(ctx, orderId, 'balance', async (tx, o) => {
    balance = await moveBalance(tx, o.userId, -o.totalFen, USE_TYPE.orderPayment, `订单${o.orderNo}支付`, {
      orderId: o.id,
    }).catch((e) => {
      throw e instanceof AppError ? refusal('账户余额不足，请选择其他支付方式') : e;
    });
  });
  return { id: order.id, paid: toYuan(order.totalFen), balance: toYuan(balance) };
}

export async function creditCheck(ctx: BuyerCtx, orderId: number) {
  const order = await findOrder(ctx.db, orderId, ctx.actor.userId);
  if (!order) throw notFound('订单不存在');
  const w = await walletRow(ctx.db, ctx.actor.userId);
  const available = Math.max(0, w.creditLimitFen - w.creditUsedFen);
  return {
    order_id: order.id,
    amount: toYuan(order.totalFen),
    credit_limit: toYuan(w.creditLimitFen),
    credit_used: toYuan(w.creditUsedFen),
    credit_available: toYuan(available),
    enough: available >= order.totalFen,
    term_days: w.creditTermDays,
    due_at: Math.floor((ctx.now.getTime() + w.creditTermDays * 86400_000) / 1000),
  };
}

export async function payByCredit(ctx: BuyerCtx, orderId: number) {
  let due = ctx.now;
  const { ephedrineWalletOnly } = await loadOrderSettings(ctx.db);
  const order = await payInHouse(ctx, orderId, 'credit', async (tx, o) => {
    assertEphedrinePayment(o, ephedrineWalletOnly);
    ({ dueAt: due } = await useCredit(tx, ctx.now, o.userId, o.totalFen, o.id));
  });
  return { id: order.id, paid: toYuan(order.totalFen), due_at: Math.floor(due.getTime() / 1000) };
}

/**
 * Starts (or resumes) an online payment: the order's one open trade at the provider and the QR
 * content to show. A trade of another provider or amount is closed before a new one opens (the
 * partial unique index payments_open_trade_uq holds one open trade per order).
 */
export async function startOnline(ctx: BuyerCtx, orderId: number, provider: PaymentProvider) {
  assertMaySpend(ctx);
  const { ephedrineWalletOnly } = await loadOrderSettings(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, ctx.actor.userId);
    assertPayable(order, ctx.now);
    assertEphedrinePayment(order, ephedrineWalletOnly);
    await releaseTransfer(tx, order, 'pay');
    const [open] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
    let trade = open;
    if (!open?.qrContent || open.provider !== provider.name || open.amountFen !== order.totalFen) {
      await closeOpenTrades(tx, order.id, ctx.now);
      const outTradeNo = tradeNo(order, 'P');
      const { qrContent } = await provider
        .createPayment(tx, {
          outTradeNo,
          amountFen: order.totalFen,
          subject: `药采订单${order.orderNo}`,
          expiresAt: order.expiresAt,
        })
        .catch((e) => {
          // The provider refused or could not be reached: the buyer may try again or pay otherwise.
          if (e instanceof ProviderError)
            throw refusal(`${provider.label}暂时无法受理支付，请稍后重试或选择其他支付方式`);
          throw e;
        });
      [trade] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          userId: order.userId,
          provider: provider.name,
          outTradeNo,
          amountFen: order.totalFen,
          qrContent,
        })
        .returning();
    }
    return {
      order_id: order.id,
      provider: provider.name,
      provider_label: provider.label,
      out_trade_no: trade.outTradeNo,
      qr_content: trade.qrContent ?? '',
      amount: toYuan(order.totalFen),
      expires_at: Math.floor(order.expiresAt.getTime() / 1000),
    };
  });
}

/**
 * Payment status for the pay page's polling. While the order is unpaid it asks the provider
 * (active query), and a trade the provider reports paid whose notification has not arrived is
 * applied.
 */
export async function paymentStatus(ctx: BuyerCtx, orderId: number) {
  const order = await findOrder(ctx.db, orderId, ctx.actor.userId);
  if (!order) throw notFound('订单不存在');
  if (order.status === 'pending_payment') {
    const open = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
    for (const p of open) await applyIfPaid(ctx, p);
  }
  const now = (await findOrder(ctx.db, orderId)) ?? order;
  return {
    order_id: now.id,
    status: now.status,
    paid: now.status !== 'pending_payment' && now.status !== 'cancelled',
    payment_method: now.paymentMethod,
  };
}
