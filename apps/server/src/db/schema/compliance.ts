import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { goods, goodsBatches } from './catalog';
import { orderLines, orders, shipments } from './order';

// GSP shipping records: which batches each shipped line took and the trace code of every pack.
// Written once, at shipping, and never updated or deleted (sales records are kept, spec #16).

/** The batches an order line took at shipping (first expiry, first out), with their dates. */
export const orderLineBatches = pgTable(
  'order_line_batches',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => goodsBatches.id),
    batchNo: text('batch_no').notNull(),
    producedOn: date('produced_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_line_batches_order_idx').on(t.orderId),
    check('order_line_batches_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

/** One shipped pack's trace code (药品追溯码), canonical form; a code ships once. */
export const traceCodes = pgTable(
  'trace_codes',
  {
    code: text('code').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trace_codes_order_idx').on(t.orderId)],
);

/** A code offered again for another shipment: refused, and kept here for 质管 to look into. */
export const traceCodeFlags = pgTable('trace_code_flags', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  /** The order the code was offered for. */
  orderId: integer('order_id').notNull(),
  /** The order it already shipped with. */
  shippedOrderId: integer('shipped_order_id').notNull(),
  operatorId: integer('operator_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * 药检报告: the inspection report of a batch (PDF or picture), uploaded by 质管; a new upload
 * supersedes the last (the newest is served), and none is ever deleted.
 */
export const inspectionReports = pgTable(
  'inspection_reports',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => goodsBatches.id),
    storageKey: text('storage_key').notNull().unique(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    operatorId: integer('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inspection_reports_batch_idx').on(t.batchId, t.id)],
);

/**
 * 首营资料: a goods' papers (scope goods) or the platform company's (scope company), one file per
 * upload; the newest of each name is the one served, none is ever deleted.
 */
export const firstDocuments = pgTable(
  'first_documents',
  {
    id: serial('id').primaryKey(),
    /** goods | company */
    scope: text('scope').notNull(),
    goodsId: integer('goods_id').references(() => goods.id),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    operatorId: integer('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('first_documents_goods_idx').on(t.goodsId, t.name, t.id),
    check('first_documents_scope_ck', sql`(${t.scope} = 'goods') = (${t.goodsId} is not null)`),
  ],
);
