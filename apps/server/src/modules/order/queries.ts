import {
  type AfterSaleView,
  allowedEvents,
  ORDER_PREVIEW_LINES,
  ORDER_TABS,
  type OrderHeaderView,
  type OrderLineKind,
  type OrderStatus,
  orderEventLabels,
  orderLineKindLabels,
  orderStatusLabels,
  PAID_UNSHIPPED_STATUSES,
  refundMark,
  shippingPaperNames,
  toYuan,
} from '@yaocai/domain';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  ne,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type RawStatement, rawRows, rawRowsNamed, selectList, statement } from '../../db/raw';
import {
  afterSales,
  orderEvents,
  orderLines,
  orders,
  shipments,
  trackingEvents,
} from '../../db/schema/order';
import { notFound } from '../../lib/errors';
import { shippedContents } from '../compliance/shipping';
import { orderPayments } from '../payment/order-payments';
import { pendingTransferRefundFen } from '../payment/transfer/refund-ledger';

/** Has any store of the company paid an order yet (a new buyer has not: the ads' 新客)? */
export async function hasPaidOrder(db: DbOrTx, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), isNotNull(orders.paidAt)))
    .limit(1);
  return row !== undefined;
}

export interface OrderListFilter {
  tab?: string;
  keyword?: string;
  start_date?: string;
  end_date?: string;
  page: number;
  page_size: number;
  /** Operator lists: status filter over all stores. */
  status?: string;
  /** Only orders holding ephedrine-type goods (/hmdd). */
  ephedrine?: boolean;
}

const paymentLabels: Record<string, string> = {
  balance: '余额支付',
  credit: '账期支付',
  online: '在线支付',
  transfer: '对公转账',
  points: '积分兑换',
  prize: '抽奖奖品',
};

export function orderSummary(o: typeof orders.$inferSelect): OrderHeaderView {
  const status = o.status as OrderStatus;
  return {
    id: o.id,
    order_no: o.orderNo,
    user_id: o.userId,
    status,
    status_label: orderStatusLabels[status],
    actions: allowedEvents(status),
    goods_amount: toYuan(o.goodsFen),
    full_reduction: toYuan(o.fullReductionFen),
    coupon_amount: toYuan(o.couponFen),
    points_used: o.pointsUsed,
    points_amount: toYuan(o.pointsFen),
    shipping_fee: toYuan(o.shippingFen),
    total: toYuan(o.totalFen),
    paid: toYuan(o.paidFen),
    refunded: toYuan(o.refundedFen),
    refund_mark: refundMark(status, o.refundedFen),
    payment_method: o.paymentMethod,
    payment_label: o.paymentMethod ? paymentLabels[o.paymentMethod] : null,
    ephedrine: o.ephedrine,
    receipt_status: o.receiptStatus,
    receipt_note: o.receiptNote,
    receipt_file_id: o.receiptFileId,
    expires_at: Math.floor(o.expiresAt.getTime() / 1000),
    paid_at: o.paidAt ? Math.floor(o.paidAt.getTime() / 1000) : null,
    created_at: Math.floor(o.createdAt.getTime() / 1000),
  };
}

type OrderLineRow = typeof orderLines.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/**
 * The first ORDER_PREVIEW_LINES lines of each order of a page, with each order's line count
 * (read raw, see db/raw.ts): a list shows a few goods and 等 N 种商品, the detail shows them all.
 */
const previewLinesOfOrders = statement(
  'order_preview_lines',
  sql`select * from (
      select ${selectList(getTableColumns(orderLines))},
        row_number() over (partition by ${orderLines.orderId} order by ${orderLines.id})::int as "position",
        count(*) over (partition by ${orderLines.orderId})::int as "lineCount"
      from ${orderLines} where ${orderLines.orderId} = any(${sql.placeholder('ids')}::int[])
    ) as numbered where "position" <= ${sql.raw(String(ORDER_PREVIEW_LINES))} order by "id"`,
);

/**
 * no_trans_order_amount: the goods amount (as the cart's selected total counts it) of this
 * store's orders that are paid but not shipped yet. They ship with the next order, so they
 * count towards its free shipping. One index lookup (orders_user_status_idx), as a scalar
 * subquery: the cart's rows statement answers it beside the rows (cart/queries.ts).
 */
export function unshippedAmountOf(userId: SQL | Placeholder): SQL {
  return sql`(select coalesce(sum(${orders.goodsFen}), 0)::int from ${orders}
    where ${orders.userId} = ${userId}
      and ${orders.status} in (${sql.raw(PAID_UNSHIPPED_STATUSES.map((st) => `'${st}'`).join(', '))}))`;
}

/** A list's filters as the page statement's parameters (null: the filter is absent). */
function pageValues(userId: number | null, f: OrderListFilter) {
  const tab = ORDER_TABS.find((t) => t.key === f.tab);
  return {
    userId,
    statuses: tab ? [...tab.statuses] : null,
    status: f.status || null,
    ephedrine: f.ephedrine || null,
    start: f.start_date ? new Date(`${f.start_date}T00:00:00+08:00`) : null,
    end: f.end_date ? new Date(new Date(`${f.end_date}T00:00:00+08:00`).getTime() + 86400_000) : null,
    like: f.keyword ? `%${f.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null,
    limit: f.page_size,
    offset: (f.page - 1) * f.page_size,
  };
}

/** Which filters a list uses: the page statement's shape. */
function pageShape(v: ReturnType<typeof pageValues>) {
  return {
    user: v.userId !== null,
    statuses: v.statuses !== null,
    status: v.status !== null,
    ephedrine: v.ephedrine !== null,
    start: v.start !== null,
    end: v.end !== null,
    keyword: v.like !== null,
  };
}
/**
 * A page of orders with its total (a window over the filtered orders), as a raw prepared
 * statement (db/raw.ts): one statement per combination of filters, compiled on first use.
 */
const pageStatements = new Map<string, RawStatement>();
function pageStatement(shape: ReturnType<typeof pageShape>): RawStatement {
  const key = Object.entries(shape)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .join('_');
  const cached = pageStatements.get(key);
  if (cached) return cached;
  const p = (name: string) => sql.placeholder(name);
  const where: SQL[] = [];
  if (shape.user) where.push(sql`${orders.userId} = ${p('userId')}`);
  if (shape.statuses) where.push(sql`${orders.status} = any(${p('statuses')}::text[])`);
  if (shape.status) where.push(sql`${orders.status} = ${p('status')}`);
  if (shape.ephedrine) where.push(sql`${orders.ephedrine}`);
  if (shape.start) where.push(sql`${orders.createdAt} >= ${p('start')}::timestamptz`);
  if (shape.end) where.push(sql`${orders.createdAt} < ${p('end')}::timestamptz`);
  if (shape.keyword)
    where.push(sql`(${orders.orderNo} ilike ${p('like')} or exists (
      select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.goodsName} ilike ${p('like')}))`);
  const made = statement(
    `order_page_${key || 'all'}`,
    sql`select ${selectList(getTableColumns(orders))}, count(*) over ()::int as "total" from ${orders}
      ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
      order by ${orders.createdAt} desc, ${orders.id} desc
      limit ${p('limit')} offset ${p('offset')}`,
  );
  pageStatements.set(key, made);
  return made;
}

export async function listOrders(db: DbOrTx, userId: number | null, f: OrderListFilter) {
  const values = pageValues(userId, f);
  const shape = pageShape(values);
  // The page with its total, then the page's preview lines: two round trips. A page past the
  // end has no row to carry the total, so it is counted apart (the same filters, no limit).
  const rows = await rawRowsNamed<OrderRow & { total: number }>(db, pageStatement(shape), values);
  const total =
    rows[0]?.total ??
    (f.page > 1
      ? ((
          await rawRowsNamed<{ total: number }>(db, pageStatement(shape), { ...values, limit: 1, offset: 0 })
        )[0]?.total ?? 0)
      : 0);
  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await rawRows<OrderLineRow & { lineCount: number }>(db, previewLinesOfOrders, [ids])
    : [];
  return {
    list: rows.map(({ total: _total, ...order }) => {
      const own = lines.filter((l) => l.orderId === order.id);
      return { ...orderSummary(order), lines: own.map(lineView), line_count: own[0]?.lineCount ?? 0 };
    }),
    total,
    page: f.page,
    page_size: f.page_size,
  };
}

function lineView(l: typeof orderLines.$inferSelect) {
  const kind = l.kind as OrderLineKind;
  return {
    id: l.id,
    kind,
    kind_label: orderLineKindLabels[kind] ?? orderLineKindLabels.goods,
    goods_id: l.goodsId,
    name: l.goodsName,
    spec: l.spec,
    manufacturer: l.manufacturer,
    unit: l.unit,
    image: l.image,
    warehouse_id: l.warehouseId,
    warehouse_name: l.warehouseName,
    ephedrine: l.ephedrine,
    quantity: l.quantity,
    price: toYuan(l.unitPriceFen),
    amount: toYuan(l.amountFen),
    reduction: toYuan(l.reductionFen),
    payable: toYuan(l.payableFen),
    promotion_label: l.promotionLabel,
  };
}

export async function orderDetail(db: DbOrTx, orderId: number, userId: number | null) {
  const where = userId ? and(eq(orders.id, orderId), eq(orders.userId, userId)) : eq(orders.id, orderId);
  const [o] = await db.select().from(orders).where(where);
  if (!o) throw notFound('订单不存在');
  const [lines, events, ships, requests, pays, shipped] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id)).orderBy(asc(orderEvents.id)),
    db.select().from(shipments).where(eq(shipments.orderId, o.id)).orderBy(asc(shipments.id)),
    db.select().from(afterSales).where(eq(afterSales.orderId, o.id)).orderBy(asc(afterSales.id)),
    orderPayments(db, o.id),
    shippedContents(db, o.id),
  ]);
  // A transfer-paid order's refunds wait for 财务's outgoing transfer (退款处理中).
  const refundPending =
    o.paymentMethod === 'transfer' && requests.length > 0 && (await pendingTransferRefundFen(db, o.id)) > 0;
  const tracking = ships.length
    ? await db
        .select()
        .from(trackingEvents)
        .where(
          inArray(
            trackingEvents.shipmentId,
            ships.map((s) => s.id),
          ),
        )
        .orderBy(desc(trackingEvents.at), desc(trackingEvents.id))
    : [];
  const reductions = [
    { label: '满减优惠', amount: toYuan(o.fullReductionFen) },
    { label: '优惠券', amount: toYuan(o.couponFen) },
    { label: `积分抵扣（${o.pointsUsed}积分）`, amount: toYuan(o.pointsFen) },
  ].filter((r) => r.amount > 0);
  return {
    ...orderSummary(o),
    lines: lines.map(lineView),
    line_count: lines.length,
    reductions,
    address: o.address,
    invoice: o.invoice,
    remarks: o.remarks,
    papers: shippingPaperNames(o.papers),
    payments: pays
      .filter((p) => p.status !== 'pending')
      .map((p) => ({
        provider: p.provider,
        out_trade_no: p.outTradeNo,
        amount: toYuan(p.amountFen),
        refunded: toYuan(p.refundedFen),
        status: p.status,
        paid_at: p.paidAt ? Math.floor(p.paidAt.getTime() / 1000) : null,
      })),
    history: events.map((e) => ({
      event: e.event,
      label:
        orderEventLabels[e.event as keyof typeof orderEventLabels] ??
        (e.event === 'create' ? '提交订单' : e.event),
      from: e.fromStatus,
      to: e.toStatus,
      actor: e.actorType,
      note: e.note,
      at: Math.floor(e.createdAt.getTime() / 1000),
    })),
    shipments: ships.map((s) => ({
      id: s.id,
      carrier: s.carrier,
      tracking_no: s.trackingNo,
      shipped_at: Math.floor(s.shippedAt.getTime() / 1000),
      events: tracking
        .filter((t) => t.shipmentId === s.id)
        .map((t) => ({ description: t.description, at: Math.floor(t.at.getTime() / 1000) })),
    })),
    after_sales: requests.map((a) => afterSaleView(a, refundPending)),
    batches: shipped.batchRows.map((b) => ({
      line_id: b.orderLineId,
      batch_id: b.batchId,
      report: shipped.reported.has(b.batchId),
      batch_no: b.batchNo,
      produced_on: b.producedOn,
      expires_on: b.expiresOn,
      quantity: b.quantity,
    })),
    trace_codes: shipped.codeRows.map((c) => ({ line_id: c.orderLineId, code: c.code })),
  };
}

export function afterSaleView(a: typeof afterSales.$inferSelect, refundPending = false): AfterSaleView {
  const labels: Record<string, string> = { pending: '待审核', approved: '已同意', refused: '已拒绝' };
  return {
    id: a.id,
    order_id: a.orderId,
    kind: a.kind as AfterSaleView['kind'],
    kind_label: a.kind === 'return' ? '退货' : '售后',
    reason: a.reason,
    lines: a.lines.map((l) => ({ line_id: l.lineId, quantity: l.quantity })),
    photo_ids: a.photoFileIds,
    status: a.status,
    status_label: labels[a.status] ?? a.status,
    refund: toYuan(a.refundFen),
    refund_method: a.refundMethod,
    refund_pending: refundPending && a.refundMethod === 'transfer',
    operator_note: a.operatorNote,
    created_at: Math.floor(a.createdAt.getTime() / 1000),
    handled_at: a.handledAt ? Math.floor(a.handledAt.getTime() / 1000) : null,
  };
}

/** The live (not cancelled) orders that used the given held coupons, by held coupon id. */
export async function ordersOfHeldCoupons(db: DbOrTx, userCouponIds: readonly number[]) {
  const found = new Map<number, { orderNo: string; totalFen: number; paidFen: number }>();
  if (userCouponIds.length === 0) return found;
  const rows = await db
    .select({
      userCouponId: orders.userCouponId,
      orderNo: orders.orderNo,
      totalFen: orders.totalFen,
      paidFen: orders.paidFen,
    })
    .from(orders)
    .where(and(inArray(orders.userCouponId, [...userCouponIds]), ne(orders.status, 'cancelled')));
  for (const r of rows) if (r.userCouponId !== null) found.set(r.userCouponId, r);
  return found;
}
