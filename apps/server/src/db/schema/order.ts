import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, operators, users } from './account';

/** A delivery address of a store (user). Orders keep a snapshot, so deleting one is safe. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    consignee: text('consignee').notNull(),
    /** Mobile or landline (spec section 5). */
    phone: text('phone').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull(),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

export interface AddressSnapshot {
  consignee: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
}

export interface InvoiceInfo {
  /** 1 普通发票, 2 增值税专用发票 */
  type: number;
  title: string;
  taxNo?: string;
}

/**
 * An order of one store. Amounts in fen, all computed by the server (packages/domain orderTotal).
 * (user_id, idempotency_key) is unique: the same key sent twice returns the same order.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** packages/domain OrderStatus */
    status: text('status').notNull().default('pending_payment'),
    goodsFen: integer('goods_fen').notNull(),
    fullReductionFen: integer('full_reduction_fen').notNull().default(0),
    couponFen: integer('coupon_fen').notNull().default(0),
    pointsUsed: integer('points_used').notNull().default(0),
    pointsFen: integer('points_fen').notNull().default(0),
    shippingFen: integer('shipping_fen').notNull().default(0),
    totalFen: integer('total_fen').notNull(),
    paidFen: integer('paid_fen').notNull().default(0),
    refundedFen: integer('refunded_fen').notNull().default(0),
    userCouponId: integer('user_coupon_id'),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    invoice: jsonb('invoice').$type<InvoiceInfo | null>(),
    remarks: text('remarks').notNull().default(''),
    /** Papers to travel with the goods (packages/domain shippingPapers codes). */
    papers: text('papers').array().notNull().default(sql`'{}'::text[]`),
    idempotencyKey: text('idempotency_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** balance | credit | online */
    paymentMethod: text('payment_method'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Holds ephedrine-type goods: ships only after the signed receipt is accepted. */
    ephedrine: boolean('ephedrine').notNull().default(false),
    /** none | awaiting_upload | pending | accepted | rejected */
    receiptStatus: text('receipt_status').notNull().default('none'),
    receiptFileId: integer('receipt_file_id'),
    receiptNote: text('receipt_note'),
    /** When the wholesaler's ERP took the order (open API ack), and with which key. */
    ackedAt: timestamp('acked_at', { withTimezone: true }),
    ackedKeyId: integer('acked_key_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Moves on every change an ERP must see (status, payment, invoice request): the open API's feed
     * order. The host's clock, not the request's: the feed settles it against the host's time.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_no_uq').on(t.orderNo),
    // The open API's order feed: pages in (updated_at, id) order from a cursor.
    index('orders_updated_idx').on(t.updatedAt, t.id),
    uniqueIndex('orders_idempotency_uq').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The cart's no_trans_order_amount (paid, unshipped orders of a store) on every cart read.
    index('orders_user_status_idx').on(t.userId, t.status),
    index('orders_status_expires_idx').on(t.status, t.expiresAt),
    index('orders_created_idx').on(t.createdAt),
    // Whether a company has paid an order yet (新客 ads on every page a buyer opens): one probe.
    index('orders_company_paid_idx').on(t.companyId).where(sql`${t.paidAt} is not null`),
  ],
);

/** One printed line of an issued invoice (packages/domain InvoiceLine), kept as issued. */
export interface InvoiceLineSnapshot {
  name: string;
  /** 税收分类编码 (absent on lines issued before codes were kept). */
  taxCode?: string;
  spec: string;
  unit: string;
  quantity: number;
  rate: number;
  amountFen: number;
  taxFen: number;
  totalFen: number;
}

/**
 * The e-invoice of an order (电子发票 /dzfp): one per order, asked for at step 2 or later on
 * /dzfp, issued once by finance (invoices:write) or sent back with a reason for the buyer to
 * correct. Issuing fixes the number, the lines and the amounts: the PDF is drawn from this row,
 * never from the order as it may later be.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 1 普通发票, 2 增值税专用发票 */
    type: integer('type').notNull(),
    title: text('title').notNull(),
    taxNo: text('tax_no').notNull().default(''),
    /** packages/domain InvoiceKind: blue | red (红字发票, the negative of `originalId`). */
    kind: text('kind').notNull().default('blue'),
    /**
     * A red invoice: the issued blue one it reverses. A blue invoice made after a partial refund:
     * the blue one it replaces (for what remains).
     */
    originalId: integer('original_id'),
    /** packages/domain InvoiceStatus: requested | issuing | issued | failed | rejected | reversed */
    status: text('status').notNull().default('requested'),
    /** The e-invoice provider that issues it (demo, nuonuo) and its serial number there. */
    provider: text('provider'),
    providerSerial: text('provider_serial'),
    /** Why the provider refused (status failed): 财务's to-do. */
    providerMessage: text('provider_message'),
    /** The provider's own PDF of an issued invoice (a real provider's is the tax document). */
    providerPdfUrl: text('provider_pdf_url'),
    rejectReason: text('reject_reason'),
    invoiceNo: text('invoice_no'),
    lines: jsonb('lines').$type<InvoiceLineSnapshot[]>(),
    amountFen: integer('amount_fen'),
    taxFen: integer('tax_fen'),
    totalFen: integer('total_fen'),
    issuedBy: integer('issued_by').references(() => operators.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** One live blue invoice per order; red ones and reversed blue ones stay beside it. */
    uniqueIndex('invoices_order_uq')
      .on(t.orderId)
      .where(sql`${t.kind} = 'blue' and ${t.status} <> 'reversed'`),
    index('invoices_original_idx').on(t.originalId),
    uniqueIndex('invoices_no_uq').on(t.invoiceNo),
    index('invoices_user_idx').on(t.userId, t.id),
    index('invoices_status_idx').on(t.status, t.id),
  ],
);

/** A line of an order: a snapshot of the goods and the server's price. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** packages/domain OrderLineKind: goods | gift (赠品) | add_on (换购, earned by another line). */
    kind: text('kind').notNull().default('goods'),
    goodsId: integer('goods_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    warehouseName: text('warehouse_name').notNull(),
    goodsName: text('goods_name').notNull(),
    spec: text('spec').notNull(),
    manufacturer: text('manufacturer').notNull(),
    unit: text('unit').notNull(),
    image: text('image'),
    ephedrine: boolean('ephedrine').notNull().default(false),
    quantity: integer('quantity').notNull(),
    unitPriceFen: integer('unit_price_fen').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** Line reduction + its share of the full-reduction. */
    reductionFen: integer('reduction_fen').notNull().default(0),
    payableFen: integer('payable_fen').notNull(),
    /** The line-level promotion it was priced by (秒杀, 每日特价 2盒...), null for none. */
    promotionLabel: text('promotion_label'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), index('order_lines_goods_idx').on(t.goodsId)],
);

/**
 * What a store has bought, by goods (快捷采购 /kjcg): written with the order's payment (one
 * upsert per paid order, in its transaction), so the store's history is one index read instead
 * of an aggregate over every line it ever paid for. Snapshot of the last paid line's goods.
 */
export const storePurchases = pgTable(
  'store_purchases',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    goodsId: integer('goods_id').notNull(),
    /** Paid orders that held the goods, and the quantity over them. */
    times: integer('times').notNull(),
    quantity: integer('quantity').notNull(),
    lastPaidAt: timestamp('last_paid_at', { withTimezone: true }).notNull(),
    lastPriceFen: integer('last_price_fen').notNull(),
    goodsName: text('goods_name').notNull(),
    spec: text('spec').notNull(),
    manufacturer: text('manufacturer').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.goodsId] }),
    index('store_purchases_recent_idx').on(t.userId, t.lastPaidAt.desc(), t.goodsId.desc()),
    index('store_purchases_times_idx').on(t.userId, t.times.desc(), t.lastPaidAt.desc(), t.goodsId.desc()),
    index('store_purchases_quantity_idx').on(
      t.userId,
      t.quantity.desc(),
      t.lastPaidAt.desc(),
      t.goodsId.desc(),
    ),
  ],
);

/** Audit trail and status history of an order. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** buyer | operator | system | provider */
    actorType: text('actor_type').notNull(),
    actorId: integer('actor_id'),
    event: text('event').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);

export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    carrier: text('carrier').notNull(),
    trackingNo: text('tracking_no').notNull(),
    operatorId: integer('operator_id'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipments_order_idx').on(t.orderId)],
);

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    description: text('description').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tracking_events_shipment_idx').on(t.shipmentId)],
);

export interface AfterSaleLine {
  lineId: number;
  quantity: number;
  /** The suggested refund of these units (packages/domain afterSaleRefund); absent on old rows. */
  refundFen?: number;
}

/** A return (退货, kind return) or after-sales (售后, kind after_sale) request. */
export const afterSales = pgTable(
  'after_sales',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    lines: jsonb('lines').$type<AfterSaleLine[]>().notNull(),
    photoFileIds: integer('photo_file_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** pending | approved | refused */
    status: text('status').notNull().default('pending'),
    refundFen: integer('refund_fen').notNull().default(0),
    /** Where the refund went: balance | credit | online (payment module RefundChannel) */
    refundMethod: text('refund_method'),
    operatorNote: text('operator_note'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('after_sales_order_idx').on(t.orderId), index('after_sales_status_idx').on(t.status)],
);
