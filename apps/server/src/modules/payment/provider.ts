import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { addDays, beijingStartOf, PG_INT_MAX } from '@yaocai/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { sandboxTrades } from '../../db/schema/wallet';
import { AppError } from '../../lib/errors';
import { ensureProviderSecret, providerSecret } from '../../lib/provider-secrets';

export interface PaymentRequest {
  outTradeNo: string;
  amountFen: number;
  subject: string;
  /** When the order closes: the trade should not outlive it (WeChat time_expire, Alipay timeout). */
  expiresAt: Date;
}

/**
 * A provider refused a call or could not be reached (a time-out, an error answer). Its message
 * is the provider's words, safe to show to 财务 and the buyer (never a secret); the caller decides
 * whether it is a to-do (a refund) or a refusal (opening a trade). Uncaught, it answers 503 with
 * that message (cancelling an order, paying by balance, the status poll), never a hidden 500:
 * the transaction around it rolled back, so the buyer may simply try again.
 */
export class ProviderError extends AppError {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(503, message);
    this.name = 'ProviderError';
  }
}

/** The sandbox's notification body (signed with HMAC-SHA256 in the x-pay-signature header). */
export interface PaymentNotification {
  out_trade_no: string;
  transaction_id: string;
  amount_fen: number;
  trade_state: 'SUCCESS';
  paid_at: number;
}

/** A notification request as it arrived: the raw body (signatures cover its exact bytes). */
export interface NotificationRequest {
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * What a notification whose signature is the provider's claims: a trade paid for an amount. A
 * hint only: the provider's own query decides (trades.ts).
 */
export interface TradeClaim {
  outTradeNo: string;
  transactionId: string;
  amountFen: number;
}

/** How the notification endpoint answers the provider (each has its documented reply). */
export interface NotificationReply {
  /** 200 accepted (or, for Alipay, any answer: its body says); 400/500 ask WeChat Pay to retry. */
  status: 200 | 400 | 500;
  contentType: string;
  body: string;
}

/** The provider's own answer about a trade: only SUCCESS carries money (amount and transaction). */
export type TradeQuery =
  | { state: 'NOTPAY' | 'CLOSED' | 'NOT_FOUND' }
  | { state: 'SUCCESS' | 'REFUND'; amountFen: number; transactionId: string; paidAt: Date };

/** What closing a trade at the provider found: closed now (or already), or paid before the close. */
export type CloseOutcome = 'closed' | 'paid';

/** A refund of all or part of a paid trade; `refundNo` is ours and makes a retry idempotent. */
export interface RefundRequest {
  outTradeNo: string;
  refundNo: string;
  amountFen: number;
  /** The trade's whole amount (WeChat Pay asks for it beside the refund's). */
  totalFen: number;
  reason: string;
}

/** Where a refund stands at the provider: done, still on its way, or refused for good. */
export type RefundState = 'SUCCESS' | 'PROCESSING' | 'FAILED';

/** One line of a provider's daily bill (对账单): money in or out on a trade. */
export interface BillLine {
  outTradeNo: string;
  transactionId: string;
  kind: 'pay' | 'refund';
  amountFen: number;
  refundNo?: string;
}

/**
 * What the server needs from an online payment provider (WeChat Pay, Alipay, the sandbox). The
 * book operations take the caller's database handle, so a close or a refund joins the caller's
 * transaction (the sandbox's book is in our database; a real provider calls out).
 */
export interface PaymentProvider {
  readonly name: string;
  /** The channel's name as the buyer reads it (微信支付, 支付宝). */
  readonly label: string;
  /** Opens a trade; `qrContent` is what the payer scans (a URL or the provider's code URL). */
  createPayment(db: DbOrTx, request: PaymentRequest): Promise<{ qrContent: string }>;
  /**
   * Reads a notification request: verifies its signature over the raw body (and decrypts it
   * where the provider encrypts), then returns what it claims, or null when the signature is not
   * the provider's. Never enough alone: see query.
   */
  readNotification(db: DbOrTx, request: NotificationRequest): Promise<TradeClaim | null>;
  /**
   * The provider's documented answer to its notification: accepted (applied, or already applied)
   * or not (it will retry). Absent: our JSON envelope (the sandbox).
   */
  reply?(accepted: boolean, message: string): NotificationReply;
  query(db: DbOrTx, outTradeNo: string): Promise<TradeQuery>;
  /** Closes an unpaid trade so it can never be paid; 'paid' when the payer was first. */
  close(db: DbOrTx, outTradeNo: string): Promise<CloseOutcome>;
  /**
   * Sends money of a paid trade back to the payer through the channel it came from: all of it or
   * a part (after-sales); parts add up and never pass the trade's amount. PROCESSING: the
   * provider took it and will finish later (polled through queryRefund).
   */
  refund(db: DbOrTx, request: RefundRequest): Promise<RefundState>;
  queryRefund(db: DbOrTx, request: { outTradeNo: string; refundNo: string }): Promise<RefundState>;
  /** The provider's bill of one China day (YYYY-MM-DD) for reconciliation, where it offers one. */
  bill?(db: DbOrTx, date: string): Promise<BillLine[]>;
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
  label: '沙箱支付',
  async createPayment(db, request) {
    await db.insert(sandboxTrades).values({
      outTradeNo: request.outTradeNo,
      amountFen: request.amountFen,
      subject: request.subject,
    });
    return { qrContent: `/api/pay/sandbox/scan/${request.outTradeNo}` };
  },
  async readNotification(db, request) {
    const parsed = sandboxNotification.safeParse(parseJson(request.body));
    if (!parsed.success) return null;
    const payload = parsed.data as PaymentNotification;
    const signature = request.headers['x-pay-signature'];
    const expected = Buffer.from(signSandbox(payload, await sandboxSecret(db)), 'hex');
    const given = Buffer.from(typeof signature === 'string' ? signature : '', 'hex');
    if (!(given.length === expected.length && timingSafeEqual(given, expected))) return null;
    return {
      outTradeNo: payload.out_trade_no,
      transactionId: payload.transaction_id,
      amountFen: payload.amount_fen,
    };
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
  async refund(db, { outTradeNo, amountFen, reason }) {
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
    return 'SUCCESS';
  },
  // The sandbox refunds at once: a refund it took is done.
  async queryRefund() {
    return 'SUCCESS';
  },
  // The sandbox's bill is its own book: trades paid that China day, and what went back of the
  // trades refunded that day (its book keeps a trade's refunds as one sum).
  async bill(db, day) {
    const from = beijingStartOf(day);
    const to = beijingStartOf(addDays(day, 1));
    const rows = await db.select().from(sandboxTrades);
    const within = (at: Date | null) => !!at && at >= from && at < to;
    return rows.flatMap((t): BillLine[] => [
      ...(within(t.paidAt) && t.transactionId
        ? [
            {
              outTradeNo: t.outTradeNo,
              transactionId: t.transactionId,
              kind: 'pay' as const,
              amountFen: t.amountFen,
            },
          ]
        : []),
      ...(within(t.refundedAt) && t.refundFen > 0
        ? [
            {
              outTradeNo: t.outTradeNo,
              transactionId: t.transactionId ?? '',
              kind: 'refund' as const,
              amountFen: t.refundFen,
            },
          ]
        : []),
    ]);
  },
};

const sandboxNotification = z.object({
  out_trade_no: z.string().min(1).max(64),
  transaction_id: z.string().min(1).max(64),
  amount_fen: z.number().int().nonnegative().max(PG_INT_MAX),
  trade_state: z.literal('SUCCESS'),
  paid_at: z.number().int().nonnegative().max(PG_INT_MAX),
});

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * The providers that run, by name (a Map, so `__proto__` is no provider): filled at start from
 * the configured channels (routes.ts). The sandbox is always known, so the trades it opened stay
 * readable in a database that switched to real channels.
 */
export const providers = new Map<string, PaymentProvider>([[sandboxProvider.name, sandboxProvider]]);

export function registerProvider(provider: PaymentProvider) {
  providers.set(provider.name, provider);
}

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
