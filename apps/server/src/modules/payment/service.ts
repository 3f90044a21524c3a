import { randomBytes } from 'node:crypto';
import { toYuan } from '@yaocai/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { orders, paymentNotifications, payments } from '../../db/schema';
import { AppError, conflict, notFound, refusal } from '../../lib/errors';
import { lockOrder, transition } from '../order/service';
import { moveBalance, USE_TYPE, useCredit, walletOf } from '../wallet/service';
import { type PaymentNotification, type PaymentProvider, sandboxProvider } from './provider';

export const providers: Record<string, PaymentProvider> = { sandbox: sandboxProvider };

type OrderRow = typeof orders.$inferSelect;

function assertPayable(order: OrderRow) {
  if (order.status === 'cancelled') throw refusal('订单已取消，不能支付');
  if (order.status !== 'pending_payment') throw refusal('订单已支付，请勿重复支付');
  if (order.expiresAt.getTime() < Date.now()) throw refusal('订单已超时关闭，不能支付');
}

const tradeNo = (order: OrderRow, tag: string) => `${order.orderNo}${tag}${randomBytes(3).toString('hex')}`;

/** Marks a locked, payable order paid (state machine, paid amount, payment record). */
async function markPaid(tx: DbOrTx, order: OrderRow, method: string, provider: string, outTradeNo: string) {
  const now = new Date();
  const actor =
    method === 'online' ? ({ type: 'provider' } as const) : ({ type: 'buyer', id: order.userId } as const);
  const labels: Record<string, string> = { balance: '余额支付', credit: '账期支付', online: '在线支付' };
  await transition(tx, order, 'pay', actor, `${labels[method]} ${toYuan(order.totalFen).toFixed(2)} 元`, {
    paidFen: order.totalFen,
    paidAt: now,
    paymentMethod: method,
  });
  if (method !== 'online')
    await tx.insert(payments).values({
      orderId: order.id,
      userId: order.userId,
      provider,
      outTradeNo,
      amountFen: order.totalFen,
      status: 'paid',
      paidAt: now,
    });
}

export async function payByBalance(db: Db, userId: number, orderId: number) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    assertPayable(order);
    const balance = await moveBalance(
      tx,
      userId,
      -order.totalFen,
      USE_TYPE.orderPayment,
      `订单${order.orderNo}支付`,
      {
        orderId: order.id,
      },
    ).catch((e) => {
      throw e instanceof AppError ? refusal('账户余额不足，请选择其他支付方式') : e;
    });
    await markPaid(tx, order, 'balance', 'balance', tradeNo(order, 'B'));
    return { id: order.id, paid: toYuan(order.totalFen), balance: toYuan(balance) };
  });
}

export async function creditCheck(db: DbOrTx, userId: number, orderId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound('订单不存在');
  const w = await walletOf(db, userId);
  const available = Math.max(0, w.creditLimitFen - w.creditUsedFen);
  return {
    order_id: order.id,
    amount: toYuan(order.totalFen),
    credit_limit: toYuan(w.creditLimitFen),
    credit_used: toYuan(w.creditUsedFen),
    credit_available: toYuan(available),
    enough: available >= order.totalFen,
    term_days: w.creditTermDays,
    due_at: Math.floor((Date.now() + w.creditTermDays * 86400_000) / 1000),
  };
}

export async function payByCredit(db: Db, userId: number, orderId: number) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    assertPayable(order);
    const { dueAt } = await useCredit(tx, userId, order.totalFen, order.id);
    await markPaid(tx, order, 'credit', 'credit', tradeNo(order, 'C'));
    return { id: order.id, paid: toYuan(order.totalFen), due_at: Math.floor(dueAt.getTime() / 1000) };
  });
}

/** Starts (or resumes) an online payment: a provider trade and the QR content to show. */
export async function startOnline(db: Db, userId: number, orderId: number, providerName = 'sandbox') {
  const provider = providers[providerName];
  if (!provider) throw refusal('不支持的支付方式');
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    assertPayable(order);
    const [open] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          eq(payments.status, 'pending'),
          eq(payments.provider, provider.name),
        ),
      )
      .orderBy(desc(payments.id))
      .limit(1);
    let outTradeNo = open?.outTradeNo;
    let qrContent: string;
    if (open && open.amountFen === order.totalFen) {
      qrContent = `/api/pay/sandbox/scan/${open.outTradeNo}`;
    } else {
      outTradeNo = tradeNo(order, 'P');
      await tx.insert(payments).values({
        orderId: order.id,
        userId,
        provider: provider.name,
        outTradeNo,
        amountFen: order.totalFen,
      });
      ({ qrContent } = await provider.createPayment(tx, {
        outTradeNo,
        amountFen: order.totalFen,
        subject: `药采订单${order.orderNo}`,
      }));
    }
    return {
      order_id: order.id,
      out_trade_no: outTradeNo,
      qr_content: qrContent,
      amount: toYuan(order.totalFen),
      expires_at: Math.floor(order.expiresAt.getTime() / 1000),
    };
  });
}

export type NotifyOutcome = 'paid' | 'refunded_to_balance';

/**
 * Handles a verified provider notification exactly once: the unique (provider, transaction id)
 * row makes repeats conflict (409, nothing changes); the amount must match the payment; the
 * payment moves pending -> paid conditionally; the order is paid, or, when it was cancelled or
 * paid otherwise meanwhile, the money goes back to the buyer's balance.
 */
export async function handleNotification(
  db: Db,
  providerName: string,
  payload: PaymentNotification,
  signature: string,
): Promise<NotifyOutcome> {
  const provider = providers[providerName];
  if (!provider) throw notFound('未知的支付渠道');
  if (!provider.verifyNotification(payload, signature)) throw new AppError(401, '支付通知签名验证失败');
  if (payload.trade_state !== 'SUCCESS') throw refusal('支付未成功');
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentNotifications)
      .values({
        provider: provider.name,
        transactionId: payload.transaction_id,
        outTradeNo: payload.out_trade_no,
        payload,
      })
      .onConflictDoNothing()
      .returning({ id: paymentNotifications.id });
    if (!inserted.length) throw conflict('重复的支付通知，已忽略');
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.outTradeNo, payload.out_trade_no), eq(payments.provider, provider.name)))
      .for('update');
    if (!payment) throw notFound('支付单不存在');
    if (payment.amountFen !== payload.amount_fen) throw refusal('支付金额与订单金额不符');
    if (payment.status !== 'pending') throw conflict('支付单已处理');
    const order = await lockOrder(tx, payment.orderId);
    const paidAt = new Date(payload.paid_at * 1000);
    if (order.status === 'pending_payment' && order.totalFen === payment.amountFen) {
      await tx
        .update(payments)
        .set({ status: 'paid', providerTransactionId: payload.transaction_id, paidAt })
        .where(eq(payments.id, payment.id));
      await markPaid(tx, order, 'online', provider.name, payment.outTradeNo);
      return 'paid';
    }
    // The order closed or was paid another way while the QR was open: the money goes back.
    await tx
      .update(payments)
      .set({ status: 'refunded', providerTransactionId: payload.transaction_id, paidAt })
      .where(eq(payments.id, payment.id));
    await moveBalance(
      tx,
      order.userId,
      payment.amountFen,
      USE_TYPE.refund,
      `订单${order.orderNo}已关闭，在线支付退回余额`,
      {
        orderId: order.id,
        reference: payment.outTradeNo,
      },
    );
    return 'refunded_to_balance';
  });
}

/**
 * Payment status for the pay page's polling. When the order is still unpaid it asks the
 * provider (active query), and a paid trade whose notification has not arrived is applied.
 */
export async function paymentStatus(db: Db, userId: number, orderId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound('订单不存在');
  if (order.status === 'pending_payment') {
    const open = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
    for (const p of open) {
      const provider = providers[p.provider];
      const q = provider ? await provider.query(db, p.outTradeNo) : null;
      if (q?.state === 'SUCCESS' && q.notification) {
        await handleNotification(db, p.provider, q.notification, signFor(p.provider, q.notification)).catch(
          (e) => {
            if (!(e instanceof AppError && e.statusCode === 409)) throw e;
          },
        );
      }
    }
  }
  const [now] = await db.select().from(orders).where(eq(orders.id, order.id));
  return {
    order_id: now.id,
    status: now.status,
    paid: now.status !== 'pending_payment' && now.status !== 'cancelled',
    payment_method: now.paymentMethod,
  };
}

import { signSandbox } from './provider';

/** The query result comes from the provider itself; sign it as the provider would. */
const signFor = (provider: string, n: PaymentNotification) => (provider === 'sandbox' ? signSandbox(n) : '');
