import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sandboxTrades } from '../../db/schema';
import { ensureProviderSecret, providerSecret } from '../../lib/provider-secrets';

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

/** The provider's own answer about a trade: only SUCCESS carries money (amount and transaction). */
export type TradeQuery =
  | { state: 'NOTPAY' | 'CLOSED' | 'NOT_FOUND' }
  | { state: 'SUCCESS' | 'REFUND'; amountFen: number; transactionId: string; paidAt: Date };

/** What closing a trade at the provider found: closed now (or already), or paid before the close. */
export type CloseOutcome = 'closed' | 'paid';

/**
 * What the server needs from an online payment provider (WeChat Pay, Alipay, the sandbox). The
 * book operations take the caller's database handle, so a close or a refund joins the caller's
 * transaction (the sandbox's book is in our database; a real provider calls out).
 */
export interface PaymentProvider {
  readonly name: string;
  createPayment(db: DbOrTx, request: PaymentRequest): Promise<{ qrContent: string }>;
  /** True when the signature over the payload is the provider's. Never enough alone: see query. */
  verifyNotification(db: DbOrTx, payload: PaymentNotification, signature: string): Promise<boolean>;
  query(db: DbOrTx, outTradeNo: string): Promise<TradeQuery>;
  /** Closes an unpaid trade so it can never be paid; 'paid' when the payer was first. */
  close(db: DbOrTx, outTradeNo: string): Promise<CloseOutcome>;
  /**
   * Sends money of a paid trade back to the payer through the channel it came from: all of it or
   * a part (after-sales); parts add up and never pass the trade's amount.
   */
  refund(db: DbOrTx, outTradeNo: string, amountFen: number, reason: string): Promise<void>;
}

/** Canonical string: keys sorted, key=value joined with & (as WeChat Pay v2 signs). */
export function canonical(payload: Record<string, unknown>) {
  return Object.keys(payload)
    .sort()
    .map((k) => `${k}=${payload[k]}`)
    .join('&');
}

export function signSandbox(payload: PaymentNotification, secret: string) {
  return createHmac('sha256', secret)
    .update(canonical(payload as unknown as Record<string, unknown>))
    .digest('hex');
}

/** The payment sandbox's HMAC key (SANDBOX_PAY_SECRET, or random per database). */
export const ensureSandboxSecret = (db: DbOrTx, fromEnv?: string) =>
  ensureProviderSecret(db, 'sandbox', fromEnv);
export const sandboxSecret = (db: DbOrTx) => providerSecret(db, 'sandbox');

const trade = async (db: DbOrTx, outTradeNo: string) =>
  (await db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo)))[0];

const inState = (outTradeNo: string, state: string) =>
  and(eq(sandboxTrades.outTradeNo, outTradeNo), eq(sandboxTrades.state, state));

/**
 * The sandbox provider: behaves like a QR payment provider. Its own book is `sandbox_trades`;
 * the payer "scans" (the sandbox page), the provider marks the trade paid and notifies the
 * server asynchronously with an HMAC-SHA256 signature. Every state move is one conditional
 * statement (NOTPAY -> SUCCESS, NOTPAY -> CLOSED, SUCCESS | REFUND -> REFUND with the refunded
 * amount added, never past the trade's), so a payer confirming while
 * the shop closes the trade has exactly one winner.
 */
export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  async createPayment(db, request) {
    await db.insert(sandboxTrades).values({
      outTradeNo: request.outTradeNo,
      amountFen: request.amountFen,
      subject: request.subject,
    });
    return { qrContent: `/api/pay/sandbox/scan/${request.outTradeNo}` };
  },
  async verifyNotification(db, payload, signature) {
    const expected = Buffer.from(signSandbox(payload, await sandboxSecret(db)), 'hex');
    const given = Buffer.from(String(signature ?? ''), 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  },
  async query(db, outTradeNo) {
    const t = await trade(db, outTradeNo);
    if (!t) return { state: 'NOT_FOUND' };
    if ((t.state === 'SUCCESS' || t.state === 'REFUND') && t.transactionId && t.paidAt)
      return { state: t.state, amountFen: t.amountFen, transactionId: t.transactionId, paidAt: t.paidAt };
    return { state: t.state === 'NOTPAY' ? 'NOTPAY' : 'CLOSED' };
  },
  async close(db, outTradeNo) {
    const closed = await db
      .update(sandboxTrades)
      .set({ state: 'CLOSED', closedAt: sql`now()` })
      .where(inState(outTradeNo, 'NOTPAY'))
      .returning({ state: sandboxTrades.state });
    if (closed.length) return 'closed';
    const t = await trade(db, outTradeNo);
    return t && (t.state === 'SUCCESS' || t.state === 'REFUND') ? 'paid' : 'closed';
  },
  async refund(db, outTradeNo, amountFen, reason) {
    // Partial refunds add up (as WeChat Pay's and Alipay's do), never beyond what was paid.
    const refunded = await db
      .update(sandboxTrades)
      .set({
        state: 'REFUND',
        refundFen: sql`${sandboxTrades.refundFen} + ${amountFen}`,
        refundReason: reason,
        refundedAt: sql`now()`,
      })
      .where(
        and(
          eq(sandboxTrades.outTradeNo, outTradeNo),
          inArray(sandboxTrades.state, ['SUCCESS', 'REFUND']),
          sql`${sandboxTrades.refundFen} + ${amountFen} <= ${sandboxTrades.amountFen}`,
        ),
      )
      .returning({ state: sandboxTrades.state });
    if (!refunded.length)
      throw new Error(`sandbox trade ${outTradeNo}: not paid, or ${amountFen} fen is more than is left`);
  },
};

/** Every provider the server knows, by name (a Map, so `__proto__` is no provider). */
export const providers = new Map<string, PaymentProvider>([[sandboxProvider.name, sandboxProvider]]);

export function notificationOf(t: typeof sandboxTrades.$inferSelect): PaymentNotification {
  return {
    out_trade_no: t.outTradeNo,
    transaction_id: t.transactionId ?? '',
    amount_fen: t.amountFen,
    trade_state: 'SUCCESS',
    paid_at: Math.floor((t.paidAt ?? new Date(0)).getTime() / 1000),
  };
}

/**
 * The sandbox payer pays: NOTPAY -> SUCCESS in one conditional statement. Returns the trade as it
 * stands afterwards (paid by this call or earlier, or closed), or null if unknown. The sandbox's
 * book keeps the provider's time (the database clock), as a real provider's would.
 */
export async function sandboxPay(db: DbOrTx, outTradeNo: string) {
  const [paid] = await db
    .update(sandboxTrades)
    .set({ state: 'SUCCESS', transactionId: `SBX${randomBytes(10).toString('hex')}`, paidAt: sql`now()` })
    .where(inState(outTradeNo, 'NOTPAY'))
    .returning();
  return paid ?? (await trade(db, outTradeNo)) ?? null;
}
