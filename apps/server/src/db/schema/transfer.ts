import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * 对公转账: an order the buyer chose to pay by bank transfer. `code` is the 汇款识别码 the buyer
 * writes in the transfer's 附言 (unique); `received_fen` is what 财务 confirmed arrived so far
 * (partial payments add up); the order's expiry was extended once when the row was made.
 */
export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id').notNull(),
    code: text('code').notNull(),
    receivedFen: integer('received_fen').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_transfers_order_uq').on(t.orderId),
    uniqueIndex('bank_transfers_code_uq').on(t.code),
  ],
);

/**
 * A 银行回单 the buyer uploaded with what it says (payer, amount, date), and 财务's decision:
 * pending (待确认) | confirmed | partial (less than was due arrived) | rejected (sent back with
 * a reason). An order has at most one pending receipt.
 */
export const transferReceipts = pgTable(
  'transfer_receipts',
  {
    id: serial('id').primaryKey(),
    transferId: integer('transfer_id').notNull(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id').notNull(),
    fileId: integer('file_id').notNull(),
    payerName: text('payer_name').notNull(),
    declaredFen: integer('declared_fen').notNull(),
    transferDate: date('transfer_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('pending'),
    /** What 财务 found on the bank statement for this receipt. */
    receivedFen: integer('received_fen'),
    /** More than was due: the excess, and where it goes (refund: a 财务 to-do; wallet: credited). */
    excessFen: integer('excess_fen').notNull().default(0),
    excessTo: text('excess_to'),
    reason: text('reason'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transfer_receipts_status_idx').on(t.status),
    uniqueIndex('transfer_receipts_pending_uq').on(t.orderId).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Money 财务 owes a buyer by bank transfer (an after-sales refund of a transfer-paid order, the
 * excess of an over-payment, what arrived for an order that was then cancelled): pending until
 * 财务 records the outgoing transfer (bank reference and date); the buyer reads 退款处理中.
 */
export const transferRefunds = pgTable(
  'transfer_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** after_sales | excess | cancelled */
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    /** pending | done */
    status: text('status').notNull().default('pending'),
    bankRef: text('bank_ref'),
    paidOn: date('paid_on', { mode: 'string' }),
    recordedBy: integer('recorded_by'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transfer_refunds_status_idx').on(t.status),
    index('transfer_refunds_order_idx').on(t.orderId),
  ],
);
