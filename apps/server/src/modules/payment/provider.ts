import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sandboxTrades } from '../../db/schema';

export interface PaymentRequest {
  outTradeNo: string;
  amountFen: number;
  subject: string;
}

export interface PaymentNotification {
  out_trade_no: string;
  transaction_id: string;
  amount_fen: number;
  trade_state: 'SUCCESS';
  paid_at: number;
}

export interface TradeQuery {
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'NOT_FOUND';
  notification?: PaymentNotification;
}

/** What the server needs from an online payment provider (WeChat Pay, Alipay, the sandbox). */
export interface PaymentProvider {
  readonly name: string;
  createPayment(db: DbOrTx, request: PaymentRequest): Promise<{ qrContent: string; outTradeNo: string }>;
  /** True when the signature over the payload is the provider's. */
  verifyNotification(payload: PaymentNotification, signature: string): boolean;
  query(db: DbOrTx, outTradeNo: string): Promise<TradeQuery>;
}

export const sandboxSecret = () => process.env.SANDBOX_PAY_SECRET || 'yaocai-sandbox-dev-secret';

/** Canonical string: keys sorted, key=value joined with & (as WeChat Pay v2 signs). */
export function canonical(payload: Record<string, unknown>) {
  return Object.keys(payload)
    .sort()
    .map((k) => `${k}=${payload[k]}`)
    .join('&');
}

export function signSandbox(payload: PaymentNotification, secret = sandboxSecret()) {
  return createHmac('sha256', secret)
    .update(canonical(payload as unknown as Record<string, unknown>))
    .digest('hex');
}

/**
 * The sandbox provider: behaves like a QR payment provider. Its own book is `sandbox_trades`;
 * the payer "scans" (the sandbox page), the provider marks the trade paid and notifies the
 * server asynchronously with an HMAC-SHA256 signature.
 */
export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  async createPayment(db, request) {
    await db.insert(sandboxTrades).values({
      outTradeNo: request.outTradeNo,
      amountFen: request.amountFen,
      subject: request.subject,
    });
    return { qrContent: `/api/pay/sandbox/scan/${request.outTradeNo}`, outTradeNo: request.outTradeNo };
  },
  verifyNotification(payload, signature) {
    const expected = Buffer.from(signSandbox(payload), 'hex');
    const given = Buffer.from(String(signature ?? ''), 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  },
  async query(db, outTradeNo) {
    const [trade] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo));
    if (!trade) return { state: 'NOT_FOUND' };
    if (trade.state !== 'SUCCESS' || !trade.transactionId || !trade.paidAt)
      return { state: trade.state as 'NOTPAY' };
    return { state: 'SUCCESS', notification: notificationOf(trade) };
  },
};

export function notificationOf(trade: typeof sandboxTrades.$inferSelect): PaymentNotification {
  return {
    out_trade_no: trade.outTradeNo,
    transaction_id: trade.transactionId ?? '',
    amount_fen: trade.amountFen,
    trade_state: 'SUCCESS',
    paid_at: Math.floor((trade.paidAt ?? new Date()).getTime() / 1000),
  };
}

/** The sandbox payer pays: NOTPAY -> SUCCESS once. Returns the trade, or null if unknown. */
export async function sandboxPay(db: DbOrTx, outTradeNo: string) {
  const [paid] = await db
    .update(sandboxTrades)
    .set({
      state: 'SUCCESS',
      transactionId: `SBX${Date.now()}${randomBytes(4).toString('hex')}`,
      paidAt: new Date(),
    })
    .where(eqNotPaid(outTradeNo))
    .returning();
  if (paid) return paid;
  const [trade] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo));
  return trade ?? null;
}

import { and } from 'drizzle-orm';

const eqNotPaid = (outTradeNo: string) =>
  and(eq(sandboxTrades.outTradeNo, outTradeNo), eq(sandboxTrades.state, 'NOTPAY'));
