import { z } from 'zod';
import { shippingPaperCodes } from '../compliance/shipping';
import type { AddressParts } from '../order/address';
import { ORDER_LINE_KINDS } from '../order/order-lines';
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

/** A taxpayer number (纳税人识别号): the 18-character unified social credit code, or an older 15-20. */
export const taxNumberPattern = /^[0-9A-Z]{15,20}$/;

/** 1 普通发票, 2 增值税专用发票 (title and tax number required). */
export const invoiceInput = z
  .object({
    type: z.coerce.number().int().min(0).max(2),
    title: singleLineText('发票抬头', 100).optional().default(''),
    tax_no: singleLineText('税号', 30).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.type > 0 && !v.title) ctx.addIssue({ code: 'custom', path: ['title'], message: '请填写发票抬头' });
    if (v.type === 2 && !taxNumberPattern.test(v.tax_no))
      ctx.addIssue({ code: 'custom', path: ['tax_no'], message: '请填写正确的纳税人识别号' });
  });

export const checkoutBody = z.strictObject({
  ids,
  address_id: id.optional(),
  coupon_id: z.union([id, z.literal(''), z.literal('0'), z.literal(0)]).optional(),
  points: z.coerce.number().int().min(0).max(PG_INT_MAX).optional(),
  remarks: multiLineText('备注', 200).optional(),
  invoice: invoiceInput.optional(),
  /** Papers to travel with the goods (企业首营资料, 商品首营资料, 药检报告). */
  papers: z
    .array(z.enum(shippingPaperCodes, { error: '随货资料不正确' }), { error: '随货资料不正确' })
    .max(shippingPaperCodes.length)
    .optional(),
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
  /** Trace codes (药品追溯码) per order line: one per pack, separated by line breaks or commas. */
  trace_codes: z
    .array(
      z.object({
        line_id: recordId('订单行编号有误'),
        codes: z.string({ error: '追溯码格式有误' }).max(50_000, { error: '追溯码内容过长' }).default(''),
      }),
      { error: '追溯码格式有误' },
    )
    .max(500, { error: '订单行过多' })
    .optional(),
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

const yuan = z.number();
/** 10-digit seconds. */
const seconds = z.number().int();

/** Where an order goes and who takes it. */
export const deliveryAddress = z.object({
  consignee: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddress> & AddressParts;

/** GET /api/address: a delivery address of the store. */
export const addressView = deliveryAddress.extend({
  id: z.number().int(),
  /** formatAddress of the parts */
  full: z.string(),
  is_default: z.boolean(),
});
export type AddressView = z.infer<typeof addressView>;

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
  /** How many points make ¥1 (the settings' points rule). */
  points_per_yuan: z.number().int(),
  free_shipping_threshold: yuan,
  /** What is left to free shipping, 0 when no fee applies. */
  free_shipping_gap: yuan,
  /** The store's paid, unshipped orders, counted towards free shipping (spec section 9). */
  no_trans_order_amount: yuan,
  ephedrine: z.boolean(),
  /**
   * What the invoice fields start with: the company's name as title, and its business licence's
   * unified social credit code as tax number ('' when none reads as one).
   */
  invoice_defaults: z.object({ title: z.string(), tax_no: z.string() }),
  /** The coupon line by line: what each line was measured at and its share (adds up to amounts.coupon). */
  coupon_split: z.array(z.object({ cart_id: z.number().int(), name: z.string(), amount: yuan, share: yuan })),
  /** The stacking matrix (优惠说明), packages/domain stackingRows(). */
  stacking: z.array(
    z.object({
      kind: z.string(),
      label: z.string(),
      with: z.array(z.object({ label: z.string(), allowed: z.boolean() })),
    }),
  ),
});
export type CheckoutPreview = z.infer<typeof checkoutPreview>;

export const orderLineView = pricedLine.extend({
  id: z.number().int(),
  /** goods, or a gift line another line earned: gift (赠品) or add_on (换购). */
  kind: z.enum(ORDER_LINE_KINDS),
  /** 商品 / 赠品 / 换购 */
  kind_label: z.string(),
  warehouse_id: z.number().int(),
  warehouse_name: z.string(),
  /** The line-level promotion it was priced by (秒杀, 每日特价 2盒...), null for none. */
  promotion_label: z.string().nullable(),
});
export type OrderLineView = z.infer<typeof orderLineView>;

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
  /** 部分退款 when some of what was paid went back and the order is not refunded in full, else null. */
  refund_mark: z.string().nullable(),
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

export const orderSummaryView = orderHeader.extend({
  /** In lists the first ORDER_PREVIEW_LINES lines (a list shows a few goods); in the detail all. */
  lines: z.array(orderLineView),
  /** How many lines the order has. */
  line_count: z.number().int(),
});
export type OrderSummaryView = z.infer<typeof orderSummaryView>;

/**
 * An ephedrine order whose receipt waits for review (GET /api/admin/receipts): no lines; the
 * file's type tells the console to show an image thumbnail or a link to the PDF.
 */
export const pendingReceipt = orderHeader.extend({ receipt_mime: z.string().nullable() });
export type PendingReceipt = z.infer<typeof pendingReceipt>;

/** Lines an order list item carries (the shop shows 3 and 等 N 种商品, the console 1). */
export const ORDER_PREVIEW_LINES = 3;

/** A return or after-sales request (the detail names each line's goods). */
export const afterSaleView = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  kind: z.enum(['return', 'after_sale']),
  kind_label: z.string(),
  reason: z.string(),
  lines: z.array(
    z.object({ line_id: z.number().int(), quantity: z.number().int(), name: z.string().optional() }),
  ),
  photo_ids: z.array(z.number().int()),
  status: z.string(),
  status_label: z.string(),
  refund: yuan,
  refund_method: z.string().nullable(),
  /** A refund 财务 still has to send by bank transfer (the buyer reads 退款处理中). */
  refund_pending: z.boolean(),
  operator_note: z.string().nullable(),
  created_at: seconds,
  handled_at: seconds.nullable(),
  /** Operator lists only. */
  order_no: z.string().optional(),
});
export type AfterSaleView = z.infer<typeof afterSaleView>;

export const orderDetailView = orderSummaryView.extend({
  reductions: z.array(z.object({ label: z.string(), amount: yuan })),
  address: deliveryAddress,
  invoice: z.object({ type: z.number().int(), title: z.string(), taxNo: z.string().optional() }).nullable(),
  remarks: z.string(),
  payments: z.array(
    z.object({
      provider: z.string(),
      out_trade_no: z.string(),
      amount: yuan,
      /** What went back of this payment (after-sales refunds); status stays paid until all has. */
      refunded: yuan,
      status: z.string(),
      paid_at: seconds.nullable(),
    }),
  ),
  history: z.array(
    z.object({
      event: z.string(),
      label: z.string(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      actor: z.string(),
      note: z.string(),
      at: seconds,
    }),
  ),
  shipments: z.array(
    z.object({
      id: z.number().int(),
      carrier: z.string(),
      tracking_no: z.string(),
      shipped_at: seconds,
      events: z.array(z.object({ description: z.string(), at: seconds })),
    }),
  ),
  after_sales: z.array(afterSaleView),
  /** The batches each line shipped from (first expiry first out), as on the delivery note. */
  batches: z.array(
    z.object({
      line_id: z.number().int(),
      batch_id: z.number().int(),
      /** The batch has a 药检报告 (GET /api/order/{id}/inspection-reports/{batch_id}). */
      report: z.boolean(),
      batch_no: z.string(),
      produced_on: z.string(),
      expires_on: z.string(),
      quantity: z.number().int(),
    }),
  ),
  /** Papers the store asked to travel with the goods, by name (企业首营资料 ...). */
  papers: z.array(z.string()),
  /** The trace code (药品追溯码) of every pack shipped, by line. */
  trace_codes: z.array(z.object({ line_id: z.number().int(), code: z.string() })),
});
export type OrderDetailView = z.infer<typeof orderDetailView>;

/** A page of a list: the items, how many there are in all, and which page this is. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

export const couponView = z.object({
  id: z.number().int(),
  coupon_id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  kind_label: z.string(),
  threshold: yuan,
  amount: yuan,
  rate_percent: z.number().nullable(),
  max_discount: yuan,
  /** 全场通用 / 指定分类可用 ... */
  scope_text: z.string(),
  /** 特价商品不参与 */
  exclude_special: z.boolean(),
  starts_at: seconds.nullable(),
  expires_at: seconds.nullable(),
  status: z.string(),
  order_id: z.number().int().nullable(),
  /** Available-coupon lists only: whether it applies to the chosen lines, its discount and why not. */
  applicable: z.boolean().nullable().optional(),
  discount: yuan.optional(),
  reason: z.string().nullable().optional(),
});
export type CouponView = z.infer<typeof couponView>;

export const moneyLogView = z.object({
  id: z.number().int(),
  use_type: z.number().int(),
  use_type_label: z.string(),
  amount: yuan,
  balance: yuan,
  note: z.string(),
  order_id: z.number().int().nullable(),
  created_at: seconds,
});
export type MoneyLogView = z.infer<typeof moneyLogView>;

export const creditSummaryView = z.object({
  credit_limit: yuan,
  credit_used: yuan,
  credit_available: yuan,
  term_days: z.number().int(),
  next_due_at: seconds.nullable(),
  next_due_amount: yuan,
});
export type CreditSummaryView = z.infer<typeof creditSummaryView>;

export const creditBillView = z.object({
  id: z.number().int(),
  order_id: z.number().int().nullable(),
  amount: yuan,
  repaid: yuan,
  outstanding: yuan,
  status: z.string(),
  overdue: z.boolean(),
  due_at: seconds,
  repaid_at: seconds.nullable(),
  created_at: seconds,
});
export type CreditBillView = z.infer<typeof creditBillView>;

export const onlinePaymentView = z.object({
  order_id: z.number().int(),
  /** The channel (sandbox, wechat, alipay) and its name for the buyer. */
  provider: z.string(),
  provider_label: z.string(),
  out_trade_no: z.string(),
  qr_content: z.string(),
  amount: yuan,
  expires_at: seconds,
});
export type OnlinePaymentView = z.infer<typeof onlinePaymentView>;

export const paymentStatusView = z.object({
  order_id: z.number().int(),
  status: z.string(),
  paid: z.boolean(),
  payment_method: z.string().nullable(),
});
export type PaymentStatusView = z.infer<typeof paymentStatusView>;

/** POST /api/pay/balance */
export const balancePayment = z.object({ id: z.number().int(), paid: yuan, balance: yuan });
/** POST /api/pay/user_credit_create */
export const creditPayment = z.object({ id: z.number().int(), paid: yuan, due_at: seconds });
/** POST /api/pay/user_credit_check: what paying the order on credit would take. */
export const creditCheckView = z.object({
  order_id: z.number().int(),
  amount: yuan,
  credit_limit: yuan,
  credit_used: yuan,
  credit_available: yuan,
  enough: z.boolean(),
  term_days: z.number().int(),
  due_at: seconds,
});
export type CreditCheckView = z.infer<typeof creditCheckView>;
/** POST /api/pay/user_credit_pay */
export const creditRepayment = z.object({ repaid: yuan, bills: z.number().int() });
/** GET /api/pay/channels: the channels open besides balance and credit. */
export const paymentChannelsView = z.object({
  online: z.array(z.object({ name: z.string(), label: z.string() })),
  transfer: z.boolean(),
});
export type PaymentChannelsView = z.infer<typeof paymentChannelsView>;
/** POST /api/pay/notify/{provider}: what the notification did. */
export const notificationResult = z.object({ result: z.enum(['paid', 'refunded']) });
/** POST /api/pay/sandbox/scan/{outTradeNo}/confirm */
export const sandboxConfirmation = z.object({ state: z.string(), amount: yuan });

/** GET /api/user/user_money */
export const walletBalance = z.object({ user_money: yuan });

/** GET /api/user/couponNum: unused coupons by type. */
export const couponCountsData = z.object({ coupon: z.number().int(), cash: z.number().int() });
/** GET /api/user/availableCoupon */
export const availableCouponList = z.object({ list: z.array(couponView) });

/** POST /api/order/create: the order, and whether this call created it (else the same key did before). */
export const createdOrder = z.object({ id: z.number().int(), created: z.boolean() });
/** POST /api/order/{id}/rebuy: how many lines went back into the cart. */
export const rebuyResult = z.object({ added: z.number().int() });
/** POST /api/admin/orders/{id}/ship */
export const shipResult = z.object({ shipment_id: z.number().int() });

export type BalancePayment = z.infer<typeof balancePayment>;
export type CreditPayment = z.infer<typeof creditPayment>;
export type CreditRepayment = z.infer<typeof creditRepayment>;
export type WalletBalance = z.infer<typeof walletBalance>;
export type AvailableCouponList = z.infer<typeof availableCouponList>;
export type CreatedOrder = z.infer<typeof createdOrder>;
