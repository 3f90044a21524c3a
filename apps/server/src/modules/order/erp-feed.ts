import { type OpenOrder, type OrderStatus, orderStatusLabels, toYuan } from '@yaocai/domain';
import { and, asc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders, shipments } from '../../db/schema/order';
import type { OperatorCtx } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { companyBriefsOf, currentLicencesOf } from '../account/briefs';
import { audit } from '../audit/service';
import { erpCodeOfGoods } from '../catalog/erp-codes';
import { shippedContents } from '../compliance/shipping';
import { paymentsOfOrders } from '../payment/order-payments';

// The order feed of the wholesaler's ERP (open API GET /orders, POST /orders/{no}/ack). Orders
// page in (updated_at, id) order; a page is six queries whatever its size (the orders, then the
// page's lines, payments, shipments, companies and licences, each from its owner), never one per
// order.

/** Where a page ends: the last row's updated_at (to the microsecond, as PostgreSQL keeps it) and id. */
export interface FeedPosition {
  at: string;
  id: number;
}

export interface FeedQuery {
  status?: OrderStatus;
  updatedSince?: Date;
  after?: FeedPosition;
  limit: number;
  /**
   * Orders changed after this instant are held back to a later page: a change still committing
   * carries an updated_at taken before its commit, and a cursor must not pass it unseen.
   */
  settledBefore: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** updated_at as exact text (UTC, microseconds), so a cursor compares equal to the row it came from. */
const exactUpdatedAt = sql<string>`to_char(${orders.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export async function erpOrderPage(db: DbOrTx, q: FeedQuery) {
  const where: SQL[] = [lte(orders.updatedAt, q.settledBefore)];
  if (q.status) where.push(eq(orders.status, q.status));
  if (q.updatedSince) where.push(gte(orders.updatedAt, q.updatedSince));
  if (q.after)
    where.push(sql`(${orders.updatedAt}, ${orders.id}) > (${q.after.at}::timestamptz, ${q.after.id})`);
  const rows = await db
    .select({ o: orders, exactAt: exactUpdatedAt })
    .from(orders)
    .where(and(...where))
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const next: FeedPosition | null =
    rows.length > q.limit && last ? { at: last.exactAt, id: last.o.id } : null;
  if (!page.length) return { orders: [] as OpenOrder[], next };

  const ids = page.map((r) => r.o.id);
  const companyIds = [...new Set(page.map((r) => r.o.companyId))];
  const [lines, paid, shipped, companyOf, licences] = await Promise.all([
    db
      .select({ l: orderLines, erpCode: erpCodeOfGoods(orderLines.goodsId) })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.id)),
    paymentsOfOrders(db, ids, ['paid', 'refunded']),
    db.select().from(shipments).where(inArray(shipments.orderId, ids)).orderBy(asc(shipments.id)),
    companyBriefsOf(db, companyIds),
    currentLicencesOf(db, companyIds),
  ]);
  const group = <T, K>(list: T[], keyOf: (t: T) => K) => {
    const map = new Map<K, T[]>();
    for (const item of list) map.set(keyOf(item), [...(map.get(keyOf(item)) ?? []), item]);
    return map;
  };
  const linesOf = group(lines, (l) => l.l.orderId);
  const paymentsOf = group(paid, (p) => p.orderId);
  const shipmentsOf = group(shipped, (s) => s.orderId);
  const licencesOf = group(licences, (l) => l.companyId);

  return {
    next,
    orders: page.map(({ o }): OpenOrder => {
      const status = o.status as OrderStatus;
      const company = companyOf.get(o.companyId);
      return {
        order_no: o.orderNo,
        status,
        status_label: orderStatusLabels[status],
        created_at: o.createdAt.toISOString(),
        paid_at: iso(o.paidAt),
        updated_at: o.updatedAt.toISOString(),
        acked_at: iso(o.ackedAt),
        buyer: {
          company_id: o.companyId,
          company_name: company?.name ?? '',
          erp_code: company?.erpCode ?? null,
          store_id: o.userId,
          licences: (licencesOf.get(o.companyId) ?? []).map((l) => ({
            kind: l.kind,
            number: l.number,
            expires_on: l.expiresOn,
          })),
        },
        address: o.address,
        invoice: o.invoice
          ? {
              type: o.invoice.type === 2 ? 'special' : 'normal',
              title: o.invoice.title,
              tax_no: o.invoice.taxNo || null,
            }
          : null,
        remarks: o.remarks,
        amounts: {
          goods: toYuan(o.goodsFen),
          full_reduction: toYuan(o.fullReductionFen),
          coupon: toYuan(o.couponFen),
          points: toYuan(o.pointsFen),
          shipping: toYuan(o.shippingFen),
          total: toYuan(o.totalFen),
          paid: toYuan(o.paidFen),
          refunded: toYuan(o.refundedFen),
        },
        lines: (linesOf.get(o.id) ?? []).map(({ l, erpCode }) => ({
          line_id: l.id,
          kind: l.kind as 'goods' | 'gift' | 'add_on',
          goods_id: l.goodsId,
          erp_code: erpCode,
          goods_name: l.goodsName,
          spec: l.spec,
          manufacturer: l.manufacturer,
          unit: l.unit,
          warehouse_id: l.warehouseId,
          warehouse_name: l.warehouseName,
          quantity: l.quantity,
          unit_price: toYuan(l.unitPriceFen),
          amount: toYuan(l.amountFen),
          discount: toYuan(l.reductionFen),
          payable: toYuan(l.payableFen),
          promotion: l.promotionLabel,
          ephedrine: l.ephedrine,
        })),
        payments: (paymentsOf.get(o.id) ?? []).map((p) => ({
          channel: p.provider,
          amount: toYuan(p.amountFen),
          refunded: toYuan(p.refundedFen),
          paid_at: iso(p.paidAt),
        })),
        shipments: (shipmentsOf.get(o.id) ?? []).map((s) => ({
          carrier: s.carrier,
          tracking_no: s.trackingNo,
          shipped_at: s.shippedAt.toISOString(),
        })),
      };
    }),
  };
}

/** The id of an order by its number (404 for none). */
export async function orderIdByNo(db: DbOrTx, orderNo: string): Promise<number> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
  if (!row) throw notFound('订单不存在');
  return row.id;
}

/**
 * Records that the ERP took an order (once: a second ack answers the first one's time). An ack
 * does not move updated_at: the order does not come back in the feed because it was acknowledged.
 */
export async function ackOrder(ctx: OperatorCtx, orderNo: string, keyId: number) {
  return ctx.db.transaction(async (tx) => {
    const [recorded] = await tx
      .update(orders)
      .set({ ackedAt: ctx.now, ackedKeyId: keyId })
      .where(and(eq(orders.orderNo, orderNo), isNull(orders.ackedAt)))
      .returning({ id: orders.id, ackedAt: orders.ackedAt });
    if (recorded?.ackedAt) {
      await audit(tx, ctx, {
        action: 'order.ack',
        target: { type: 'order', id: recorded.id },
        after: { acked_at: recorded.ackedAt.toISOString(), key_id: keyId },
      });
      return { order_no: orderNo, acked_at: recorded.ackedAt.toISOString() };
    }
    const [earlier] = await tx
      .select({ ackedAt: orders.ackedAt })
      .from(orders)
      .where(eq(orders.orderNo, orderNo));
    if (!earlier?.ackedAt) throw notFound('订单不存在');
    return { order_no: orderNo, acked_at: earlier.ackedAt.toISOString() };
  });
}

/** What one shipment took, per line: its batches (FEFO order) and how many trace codes. */
export async function shipmentContents(db: DbOrTx, orderId: number) {
  const { batchRows, codeRows } = await shippedContents(db, orderId);
  const lineIds = [
    ...new Set([...batchRows.map((b) => b.orderLineId), ...codeRows.map((c) => c.orderLineId)]),
  ];
  return lineIds
    .sort((a, b) => a - b)
    .map((lineId) => ({
      line_id: lineId,
      batches: batchRows
        .filter((b) => b.orderLineId === lineId)
        .map((b) => ({ batch_no: b.batchNo, expires_on: b.expiresOn, quantity: b.quantity })),
      trace_codes: codeRows.filter((c) => c.orderLineId === lineId).length,
    }));
}
