/**
 * The order state machine. One declarative table says which event moves an order from which
 * status to which; the server applies events through `nextStatus`, the screens ask
 * `canTransition` to show or hide buttons, and the order list tabs group statuses.
 *
 *   pending_payment --pay--> awaiting_shipment --ship--> shipped --confirm_delivery--> completed
 *   pending_payment --cancel | expire--> cancelled
 *   ephedrine (含麻) orders: pending_payment --pay--> awaiting_receipt (待回执: upload, review)
 *                            --accept_receipt--> awaiting_shipment; reject_receipt keeps it there
 *   after-sales: shipped | completed --request_after_sale--> after_sale_requested
 *                --approve_after_sale--> after_sale_approved --refund--> refunded (全部退款)
 *                                                            --partial_refund--> back to shipped or
 *                                                              completed (delivered), 部分退款 mark
 *                --refuse_after_sale--> after_sale_refused (the buyer may request again)
 *   order/refund.ts decides between refund and partial_refund (refundsEverything).
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'awaiting_receipt',
  'awaiting_shipment',
  'shipped',
  'completed',
  'cancelled',
  'after_sale_requested',
  'after_sale_approved',
  'after_sale_refused',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_EVENTS = [
  'pay',
  'cancel',
  'expire',
  'accept_receipt',
  'reject_receipt',
  'ship',
  'confirm_delivery',
  'request_after_sale',
  'approve_after_sale',
  'refuse_after_sale',
  'refund',
  'partial_refund',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** What the transition needs to know about the order. */
export interface OrderFacts {
  /** The order holds ephedrine-type goods (含麻黄碱类复方制剂) and needs a signed receipt. */
  requiresReceipt?: boolean;
  /** The buyer confirmed delivery before the after-sale: a partial refund goes back to completed. */
  delivered?: boolean;
}

type Target = OrderStatus | ((facts: OrderFacts) => OrderStatus);

const TRANSITIONS: Readonly<Partial<Record<OrderStatus, Partial<Record<OrderEvent, Target>>>>> = {
  pending_payment: {
    pay: (facts) => (facts.requiresReceipt ? 'awaiting_receipt' : 'awaiting_shipment'),
    cancel: 'cancelled',
    expire: 'cancelled',
  },
  awaiting_receipt: { accept_receipt: 'awaiting_shipment', reject_receipt: 'awaiting_receipt' },
  awaiting_shipment: { ship: 'shipped' },
  shipped: { confirm_delivery: 'completed', request_after_sale: 'after_sale_requested' },
  completed: { request_after_sale: 'after_sale_requested' },
  after_sale_requested: {
    approve_after_sale: 'after_sale_approved',
    refuse_after_sale: 'after_sale_refused',
  },
  after_sale_approved: {
    refund: 'refunded',
    partial_refund: (facts) => (facts.delivered ? 'completed' : 'shipped'),
  },
  after_sale_refused: { request_after_sale: 'after_sale_requested' },
};

export function canTransition(from: OrderStatus, event: OrderEvent): boolean {
  return TRANSITIONS[from]?.[event] !== undefined;
}

/** The status after `event`, or null when the event is not allowed from `from`. */
export function nextStatus(from: OrderStatus, event: OrderEvent, facts: OrderFacts = {}): OrderStatus | null {
  const target = TRANSITIONS[from]?.[event];
  if (target === undefined) return null;
  return typeof target === 'function' ? target(facts) : target;
}

/** Events allowed from a status: which buttons an order shows. */
export const allowedEvents = (from: OrderStatus): OrderEvent[] =>
  ORDER_EVENTS.filter((event) => canTransition(from, event));

export const isFinalStatus = (status: OrderStatus): boolean => allowedEvents(status).length === 0;

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending_payment: '待付款',
  awaiting_receipt: '待回执',
  awaiting_shipment: '待发货',
  shipped: '待收货',
  completed: '已完成',
  cancelled: '已取消',
  after_sale_requested: '售后申请中',
  after_sale_approved: '售后已同意',
  after_sale_refused: '售后已拒绝',
  refunded: '已退款',
};

export const orderEventLabels: Record<OrderEvent, string> = {
  pay: '付款',
  cancel: '取消订单',
  expire: '超时未支付',
  accept_receipt: '回执审核通过',
  reject_receipt: '回执审核不通过',
  ship: '发货',
  confirm_delivery: '确认收货',
  request_after_sale: '申请售后',
  approve_after_sale: '同意售后',
  refuse_after_sale: '拒绝售后',
  refund: '退款',
  partial_refund: '部分退款',
};

/** The tabs of /order: every status belongs to exactly one. */
export const ORDER_TABS = [
  { key: 'pending_payment', label: '待付款', statuses: ['pending_payment'] },
  { key: 'awaiting_shipment', label: '待发货', statuses: ['awaiting_receipt', 'awaiting_shipment'] },
  { key: 'shipped', label: '待收货', statuses: ['shipped'] },
  { key: 'completed', label: '已完成', statuses: ['completed'] },
  { key: 'cancelled', label: '已取消', statuses: ['cancelled'] },
  {
    key: 'after_sale',
    label: '售后',
    statuses: ['after_sale_requested', 'after_sale_approved', 'after_sale_refused', 'refunded'],
  },
] as const satisfies readonly { key: string; label: string; statuses: readonly OrderStatus[] }[];

/**
 * Paid and not yet shipped (the 待发货 tab): these orders go out with the store's next order,
 * so their goods count towards its free shipping (no_trans_order_amount, spec section 9).
 */
export const PAID_UNSHIPPED_STATUSES = [
  'awaiting_receipt',
  'awaiting_shipment',
] as const satisfies readonly OrderStatus[];

export type OrderTabKey = (typeof ORDER_TABS)[number]['key'];

export function orderTabOf(status: OrderStatus): OrderTabKey {
  const tab = ORDER_TABS.find((t) => (t.statuses as readonly OrderStatus[]).includes(status));
  if (!tab) throw new Error(`status without a tab: ${status}`);
  return tab.key;
}
