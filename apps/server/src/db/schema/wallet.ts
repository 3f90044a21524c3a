import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account';

/** A store's wallet: balance and credit-term account (账期). Changes only by conditional updates. */
export const walletAccounts = pgTable('wallet_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  balanceFen: integer('balance_fen').notNull().default(0),
  creditLimitFen: integer('credit_limit_fen').notNull().default(0),
  creditUsedFen: integer('credit_used_fen').notNull().default(0),
  creditTermDays: integer('credit_term_days').notNull().default(30),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every balance change with the balance after it. use_type: 1 recharge, 2 order payment,
 * 3 refund, 4 credit repayment, 5 adjustment.
 */
export const moneyLog = pgTable(
  'money_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    useType: integer('use_type').notNull(),
    changeFen: integer('change_fen').notNull(),
    balanceAfterFen: integer('balance_after_fen').notNull(),
    note: text('note').notNull(),
    orderId: integer('order_id'),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('money_log_user_idx').on(t.userId, t.createdAt)],
);

/** A credit-term bill: an order paid on credit, due after the term. */
export const creditBills = pgTable(
  'credit_bills',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    orderId: integer('order_id'),
    amountFen: integer('amount_fen').notNull(),
    repaidFen: integer('repaid_fen').notNull().default(0),
    /** unpaid | paid */
    status: text('status').notNull().default('unpaid'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    repaidAt: timestamp('repaid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_bills_user_idx').on(t.userId, t.status)],
);

/** One payment attempt of an order. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id').notNull(),
    /** balance | credit | sandbox */
    provider: text('provider').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** pending | paid | closed | refunded (refunded: all of it went back; a part keeps paid) */
    status: text('status').notNull().default('pending'),
    /** What went back of this payment so far (after-sales refund parts of it). */
    refundedFen: integer('refunded_fen').notNull().default(0),
    providerTransactionId: text('provider_transaction_id'),
    /** What the payer scans (an online trade's QR content), shown again when the page reopens. */
    qrContent: text('qr_content'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_out_trade_no_uq').on(t.outTradeNo),
    index('payments_order_idx').on(t.orderId),
    // An order has at most one open online trade: a second one could be paid after the first.
    uniqueIndex('payments_open_trade_uq').on(t.orderId).where(sql`${t.status} = 'pending'`),
  ],
);

/** Provider notifications, each handled once (unique provider transaction id). */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_notifications_tx_uq').on(t.provider, t.transactionId)],
);

/**
 * Each refund sent to an online provider: ours by `refund_no` (the provider's idempotency key).
 * A refund the provider answered PROCESSING is polled until SUCCESS or FAILED; a FAILED one is a
 * 财务 to-do (the money is still owed to the payer).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').notNull(),
    orderId: integer('order_id').notNull(),
    provider: text('provider').notNull(),
    refundNo: text('refund_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    reason: text('reason').notNull(),
    /** processing | success | failed */
    status: text('status').notNull().default('processing'),
    /** The provider's words when it refused or the call failed (never a secret). */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refunds_no_uq').on(t.refundNo),
    index('payment_refunds_open_idx').on(t.status),
    index('payment_refunds_order_idx').on(t.orderId),
  ],
);

/**
 * 财务's reconciliations (对账): one channel's China day, our totals against the provider's bill,
 * and every difference, kept as run (a later run of the same day is a new row).
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    /** The China calendar day, YYYY-MM-DD. */
    day: text('day').notNull(),
    oursPaidFen: integer('ours_paid_fen').notNull(),
    oursRefundedFen: integer('ours_refunded_fen').notNull(),
    theirsPaidFen: integer('theirs_paid_fen').notNull(),
    theirsRefundedFen: integer('theirs_refunded_fen').notNull(),
    differences: jsonb('differences').notNull(),
    operatorId: integer('operator_id').notNull(),
    operatorName: text('operator_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reconciliation_runs_day_idx').on(t.day, t.channel)],
);

/**
 * The sandbox provider's own book (stands in for WeChat Pay / Alipay's side): what the payer
 * scanned and paid, and what went back. Our `payments` table is only changed by notifications
 * the provider's own query confirms.
 */
export const sandboxTrades = pgTable('sandbox_trades', {
  outTradeNo: text('out_trade_no').primaryKey(),
  amountFen: integer('amount_fen').notNull(),
  subject: text('subject').notNull(),
  /** NOTPAY | SUCCESS | CLOSED | REFUND (each move is one conditional statement) */
  state: text('state').notNull().default('NOTPAY'),
  transactionId: text('transaction_id'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  refundFen: integer('refund_fen').notNull().default(0),
  refundReason: text('refund_reason'),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Secrets the payment providers generate for themselves (the sandbox's HMAC key): created once
 * per database with `insert ... on conflict do nothing`, so every process on it signs alike.
 */
export const providerSecrets = pgTable('provider_secrets', {
  provider: text('provider').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
