import { z } from 'zod';
import type { AddressParts } from '../order/address';
import { ORDER_LINE_KINDS, type OrderLineKind } from '../order/order-lines';
import { contactMessages, isPhoneOrLandline } from '../validation/contact';
import {
  calendarDate,
  idList,
  multiLineText,
  PG_INT_MAX,
  pageNumber,
  recordId,
  singleLineText,
  yuanAmount,
} from './input';

/**
 * Checkout, order, payment, wallet, address and coupon request bodies (server validates, the
 * shop's forms reuse them). Ids come from forms as strings: coerced.
 */
const id = recordId();
const ids = idList([1, '请选择要结算的商品'], [200, '一次最多结算200种商品']);

/** 1 普通发票, 2 增值税专用发票 (title and tax number required). */
export const invoiceInput = z
  .object({
    type: z.coerce.number().int().min(0).max(2),
    title: singleLineText('发票抬头', 100).optional().default(''),
    tax_no: singleLineText('税号', 30).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.type > 0 && !v.title) ctx.addIssue({ code: 'custom', path: ['title'], message: '请填写发票抬头' });
    if (v.type === 2 && !/^[0-9A-Z]{15,20}$/.test(v.tax_no))
      ctx.addIssue({ code: 'custom', path: ['tax_no'], message: '请填写正确的纳税人识别号' });
  });

export const checkoutBody = z.strictObject({
  ids,
  address_id: id.optional(),
  coupon_id: z.union([id, z.literal(''), z.literal('0'), z.literal(0)]).optional(),
  points: z.coerce.number().int().min(0).max(PG_INT_MAX).optional(),
  remarks: multiLineText('备注', 200).optional(),
  invoice: invoiceInput.optional(),
  /** Ignored: the server prices everything (kept so tampered clients get no 422). */
  total: z.unknown().optional(),
  prices: z.unknown().optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

export const orderListQuery = z.object({
  tab: z
    .enum(['all', 'pending_payment', 'awaiting_shipment', 'shipped', 'completed', 'cancelled', 'after_sale'])
    .optional(),
  keyword: singleLineText('搜索词', 50).optional(),
  start_date: calendarDate('开始日期').optional(),
  end_date: calendarDate('结束日期').optional(),
  page: z.coerce.number().int().min(1).max(10000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(10),
});

export const orderIdBody = z.strictObject({ order_id: id });

export const afterSaleBody = z.strictObject({
  kind: z.enum(['return', 'after_sale']),
  reason: multiLineText('申请原因', 500).min(2, '请填写申请原因'),
  lines: z
    .array(
      z.object({ line_id: id, quantity: z.coerce.number().int().positive('数量必须大于0').max(PG_INT_MAX) }),
    )
    .min(1, '请选择商品')
    // A line named twice would be refunded twice, each time within its bought quantity.
    .refine((lines) => new Set(lines.map((l) => l.line_id)).size === lines.length, '同一商品请只选择一次'),
  photo_ids: z.array(id).max(9, '最多上传9张照片').optional().default([]),
});

export const receiptBody = z.strictObject({ file_id: id });

const phone = z.string().trim().refine(isPhoneOrLandline, contactMessages.phoneOrLandline);
export const addressBody = z.strictObject({
  consignee: singleLineText('收货人', 30).min(1, '请填写收货人'),
  phone,
  province: singleLineText('省份', 20).min(1, '请选择省份'),
  city: singleLineText('城市', 20).min(1, '请选择城市'),
  district: singleLineText('区县', 20).min(1, '请选择区县'),
  detail: singleLineText('详细地址', 120).min(2, '请填写详细地址'),
  is_default: z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])]).optional(),
});
export type AddressBody = z.infer<typeof addressBody>;

export const moneyLogQuery = z.object({
  page: pageNumber,
  use_type: z.coerce.number().int().min(0).max(9).optional(),
  start_time: calendarDate('开始日期').optional(),
  end_time: calendarDate('结束日期').optional(),
});

export const creditRepayBody = z.strictObject({
  bill_ids: z.array(id).min(1, '请选择要还款的账单'),
});

export const shipBody = z.strictObject({
  carrier: z.string().trim().min(1, '请填写物流公司').max(30),
  tracking_no: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{6,30}$/, '请填写正确的运单号'),
});
export const trackingBody = z.strictObject({ description: z.string().trim().min(2).max(200) });
export const decisionBody = z.strictObject({
  approve: z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])]),
  note: z.string().trim().max(200).optional(),
  refund: yuanAmount('退款金额').optional(),
});
export const creditLimitBody = z.strictObject({
  credit_limit: yuanAmount('授信额度'),
  term_days: z.coerce.number().int().min(1).max(365).optional(),
});

export const truthy = (v: unknown): boolean => v === true || v === '1' || v === 'true';

// Response shapes of the order, payment, wallet, address and coupon calls (yuan numbers,
// 10-digit seconds), shared by the server's serialisers and the SPAs.

/** Where an order goes and who takes it. */
export interface DeliveryAddress extends AddressParts {
  consignee: string;
  phone: string;
}

export interface AddressView extends DeliveryAddress {
  id: number;
  /** formatAddress of the parts */
  full: string;
  is_default: boolean;
}

const yuan = z.number();

/** A line of goods being bought: what the goods are and what the line costs (yuan). */
const pricedLine = z.object({
  goods_id: z.number().int(),
  name: z.string(),
  spec: z.string(),
  manufacturer: z.string(),
  unit: z.string(),
  image: z.string().nullable(),
  ephedrine: z.boolean(),
  quantity: z.number().int(),
  price: yuan,
  amount: yuan,
  reduction: yuan,
  payable: yuan,
});
type PricedLineView = z.infer<typeof pricedLine>;

/**
 * A gift (赠品) or 换购 goods a checkout line earns; creating the order makes it an order line of
 * its own (kind gift / add_on).
 */
export const checkoutGift = z.object({
  kind: z.enum(ORDER_LINE_KINDS),
  /** 赠品 / 换购 */
  kind_label: z.string(),
  goods_id: z.number().int(),
  name: z.string(),
  spec: z.string(),
  manufacturer: z.string(),
  unit: z.string(),
  ephedrine: z.boolean(),
  quantity: z.number().int(),
  /** The rule's unit price: 0 for a free gift, the 换购 price otherwise. */
  price: yuan,
  /** price x quantity, already counted in the goods line's amount payable. */
  amount: yuan,
});
export type CheckoutGiftView = z.infer<typeof checkoutGift>;

export const checkoutLine = pricedLine.extend({
  cart_id: z.number().int(),
  gifts: z.array(checkoutGift),
});
export type CheckoutLineView = z.infer<typeof checkoutLine>;

/** Verify order (POST /api/order/preview): server-priced lines by warehouse and the totals. */
export const checkoutPreview = z.object({
  groups: z.array(
    z.object({ warehouse_id: z.number().int(), warehouse_name: z.string(), lines: z.array(checkoutLine) }),
  ),
  amounts: z.object({
    goods: yuan,
    full_reduction: yuan,
    coupon: yuan,
    points_used: z.number().int(),
    points: yuan,
    shipping: yuan,
    total: yuan,
  }),
  reductions: z.array(z.object({ label: z.string(), amount: yuan })),
  points_balance: z.number().int(),
  max_points: z.number().int(),
  free_shipping_threshold: yuan,
  /** What is left to free shipping, 0 when no fee applies. */
  free_shipping_gap: yuan,
  /** The store's paid, unshipped orders, counted towards free shipping (spec section 9). */
  no_trans_order_amount: yuan,
  ephedrine: z.boolean(),
});
export type CheckoutPreview = z.infer<typeof checkoutPreview>;

export interface OrderLineView extends PricedLineView {
  id: number;
  /** goods, or a gift line another line earned: gift (赠品) or add_on (换购). */
  kind: OrderLineKind;
  /** 商品 / 赠品 / 换购 */
  kind_label: string;
  warehouse_id: number;
  warehouse_name: string;
}

/** An order without its lines: what every order view carries (the server's orderSummary). */
export const orderHeader = z.object({
  id: z.number().int(),
  order_no: z.string(),
  user_id: z.number().int(),
  status: z.string(),
  status_label: z.string(),
  actions: z.array(z.string()),
  goods_amount: yuan,
  full_reduction: yuan,
  coupon_amount: yuan,
  points_used: z.number().int(),
  points_amount: yuan,
  shipping_fee: yuan,
  total: yuan,
  paid: yuan,
  refunded: yuan,
  payment_method: z.string().nullable(),
  payment_label: z.string().nullable(),
  ephedrine: z.boolean(),
  receipt_status: z.string(),
  receipt_note: z.string().nullable(),
  /** The uploaded signed receipt (GET /api/files/{id}), or null before an upload. */
  receipt_file_id: z.number().int().nullable(),
  expires_at: z.number().int(),
  paid_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type OrderHeaderView = z.infer<typeof orderHeader>;

export interface OrderSummaryView extends OrderHeaderView {
  /** In lists the first ORDER_PREVIEW_LINES lines (a list shows a few goods); in the detail all. */
  lines: OrderLineView[];
  /** How many lines the order has. */
  line_count: number;
}

/**
 * An ephedrine order whose receipt waits for review (GET /api/admin/receipts): no lines; the
 * file's type tells the console to show an image thumbnail or a link to the PDF.
 */
export const pendingReceipt = orderHeader.extend({ receipt_mime: z.string().nullable() });
export type PendingReceipt = z.infer<typeof pendingReceipt>;

/** Lines an order list item carries (the shop shows 3 and 等 N 种商品, the console 1). */
export const ORDER_PREVIEW_LINES = 3;

export interface AfterSaleView {
  id: number;
  order_id: number;
  kind: 'return' | 'after_sale';
  kind_label: string;
  reason: string;
  lines: { line_id: number; quantity: number; name?: string }[];
  photo_ids: number[];
  status: string;
  status_label: string;
  refund: number;
  refund_method: string | null;
  operator_note: string | null;
  created_at: number;
  handled_at: number | null;
  order_no?: string;
}

export interface OrderDetailView extends OrderSummaryView {
  reductions: { label: string; amount: number }[];
  address: DeliveryAddress;
  invoice: { type: number; title: string; taxNo?: string } | null;
  remarks: string;
  payments: {
    provider: string;
    out_trade_no: string;
    amount: number;
    status: string;
    paid_at: number | null;
  }[];
  history: {
    event: string;
    label: string;
    from: string | null;
    to: string | null;
    actor: string;
    note: string;
    at: number;
  }[];
  shipments: {
    id: number;
    carrier: string;
    tracking_no: string;
    shipped_at: number;
    events: { description: string; at: number }[];
  }[];
  after_sales: AfterSaleView[];
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface CouponView {
  id: number;
  coupon_id: number;
  name: string;
  kind: string;
  kind_label: string;
  threshold: number;
  amount: number;
  rate_percent: number | null;
  starts_at: number | null;
  expires_at: number | null;
  status: string;
  order_id: number | null;
  applicable?: boolean | null;
  discount?: number;
  reason?: string | null;
}

export interface MoneyLogView {
  id: number;
  use_type: number;
  use_type_label: string;
  amount: number;
  balance: number;
  note: string;
  order_id: number | null;
  created_at: number;
}

export interface CreditSummaryView {
  credit_limit: number;
  credit_used: number;
  credit_available: number;
  term_days: number;
  next_due_at: number | null;
  next_due_amount: number;
}

export interface CreditBillView {
  id: number;
  order_id: number | null;
  amount: number;
  repaid: number;
  outstanding: number;
  status: string;
  overdue: boolean;
  due_at: number;
  repaid_at: number | null;
  created_at: number;
}

export interface OnlinePaymentView {
  order_id: number;
  out_trade_no: string;
  qr_content: string;
  amount: number;
  expires_at: number;
}

export interface PaymentStatusView {
  order_id: number;
  status: string;
  paid: boolean;
  payment_method: string | null;
}
