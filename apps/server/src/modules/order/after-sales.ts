import {
  afterSaleRefund,
  fromYuan,
  refundableFen,
  refundsEverything,
  returnableUnits,
  returnedUnits,
  toYuan,
} from '@yaocai/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  afterSales,
  orderEvents,
  orderLines,
  orders,
  shipments,
  trackingEvents,
} from '../../db/schema/order';
import type { OperatorCtx } from '../../lib/context';
import { fieldError, notFound, refusal } from '../../lib/errors';
import { assertOwnFiles } from '../account/files';
import { refuseShippingTo } from '../account/standing';
import { audit } from '../audit/service';
import {
  type LineBatches,
  type LineCodes,
  recordShipmentContents,
  refuseShippedCodes,
} from '../compliance/shipping';
import { reverseInvoiceAfterRefund } from '../invoice/reversal';
import { type Notice, notify } from '../message/service';
import { type RefundChannel, refundChannelNames, refundNote, refundOrderPayment } from '../payment/refunds';
import { pendingTransferRefundFen } from '../payment/transfer/refund-ledger';
import { reverseOrderPoints } from '../points/service';
import { reverseOrderCashBack } from '../promotion/cash-back';
import { recordEvent } from './events';
import { afterSaleView } from './queries';
import { loadOrderSettings } from './settings';
import { lockOrder, transition } from './state';

export interface AfterSaleRequest {
  kind: 'return' | 'after_sale';
  reason: string;
  lines: { line_id: number; quantity: number }[];
  photo_ids: number[];
}

/** The order's lines as the refund rule reads them, and the units its approved after-sales took. */
async function refundBasis(tx: DbOrTx, orderId: number) {
  const [lines, earlier] = await Promise.all([
    tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    tx
      .select({ status: afterSales.status, lines: afterSales.lines })
      .from(afterSales)
      .where(eq(afterSales.orderId, orderId)),
  ]);
  return { lines, returned: returnedUnits(earlier) };
}

/**
 * A return / after-sales request on a shipped or completed order, with reason, quantities,
 * photos. Its suggested refund is what was paid for those units (packages/domain
 * afterSaleRefund: no share of the shipping fee), at most what the order can still refund.
 */
export async function requestAfterSale(
  db: Db,
  userId: number,
  orderId: number,
  body: AfterSaleRequest,
  now: Date,
) {
  await assertOwnFiles(db, userId, body.photo_ids, true);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    const { lines, returned } = await refundBasis(tx, order.id);
    for (const want of body.lines) {
      const line = lines.find((l) => l.id === want.line_id);
      if (!line) throw notFound('订单商品不存在');
      if (want.quantity > line.quantity)
        throw refusal(`「${line.goodsName}」申请数量不能超过购买数量${line.quantity}`);
      const left = returnableUnits(line, returned);
      if (want.quantity > left)
        throw refusal(
          `「${line.goodsName}」已售后${line.quantity - left}${line.unit}，最多还可申请${left}${line.unit}`,
        );
    }
    const wanted = body.lines.map((l) => ({ lineId: l.line_id, quantity: l.quantity }));
    const suggested = afterSaleRefund(
      { lines, deductionFen: order.couponFen + order.pointsFen },
      returned,
      wanted,
    );
    await transition(tx, order, 'request_after_sale', { type: 'buyer', id: userId, at: now }, body.reason);
    const [row] = await tx
      .insert(afterSales)
      .values({
        orderId: order.id,
        userId,
        kind: body.kind,
        reason: body.reason,
        lines: suggested.lines,
        photoFileIds: body.photo_ids,
        refundFen: Math.min(suggested.refundFen, refundableFen(order)),
        createdAt: now,
      })
      .returning();
    return afterSaleView(row);
  });
}

export async function afterSaleDetail(db: Db, userId: number | null, id: number) {
  const where = userId ? and(eq(afterSales.id, id), eq(afterSales.userId, userId)) : eq(afterSales.id, id);
  const [row] = await db.select().from(afterSales).where(where);
  if (!row) throw notFound('售后申请不存在');
  const lines = await db
    .select({ id: orderLines.id, name: orderLines.goodsName, spec: orderLines.spec })
    .from(orderLines)
    .where(eq(orderLines.orderId, row.orderId));
  const pending = row.refundMethod === 'transfer' && (await pendingTransferRefundFen(db, row.orderId)) > 0;
  const view = afterSaleView(row, pending);
  return {
    ...view,
    lines: view.lines.map((l) => {
      const line = lines.find((x) => x.id === l.line_id);
      return { ...l, name: line ? `${line.name} ${line.spec}` : '' };
    }),
  };
}

/** The store's message about a decision on its after-sales request. */
const afterSaleNotice = (a: typeof afterSales.$inferSelect, orderNo: string, outcome: string): Notice => ({
  userId: a.userId,
  category: 'after_sale',
  title: a.status === 'approved' ? '售后申请已通过' : '售后申请未通过',
  body: `订单${orderNo}的${a.kind === 'return' ? '退货' : '售后'}申请${outcome}。`,
  link: `/order/${a.kind === 'return' ? 'returnInfo' : 'afterSalesInfo'}/${a.id}`,
});

/** Whether the buyer (or the system, after the term) confirmed delivery of the order. */
async function wasDelivered(tx: DbOrTx, orderId: number) {
  const [row] = await tx
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.event, 'confirm_delivery')))
    .limit(1);
  return row !== undefined;
}

/**
 * The operator accepts (refunding the way the order was paid: payment module
 * refundOrderPayment) or refuses a request. The refund is the request's suggestion or the
 * operator's amount, never above what the order can still refund (422 on the refund field).
 * When every charged unit is back, or all money paid, the order ends 已退款; otherwise it goes
 * back to shipped or completed, marked 部分退款 by its refunded amount.
 */
export async function decideAfterSale(
  ctx: OperatorCtx,
  id: number,
  approve: boolean,
  note?: string,
  refundYuan?: number,
) {
  return ctx.db.transaction(async (tx) => {
    const [request] = await tx.select().from(afterSales).where(eq(afterSales.id, id)).for('update');
    if (!request) throw notFound('售后申请不存在');
    if (request.status !== 'pending') throw refusal('该申请已处理');
    const order = await lockOrder(tx, request.orderId);
    const actor = { type: 'operator', id: ctx.actor.operatorId, at: ctx.now } as const;
    const before = { status: request.status, refund: toYuan(request.refundFen) };
    if (!approve) {
      await transition(tx, order, 'refuse_after_sale', actor, note ?? '');
      await tx
        .update(afterSales)
        .set({ status: 'refused', operatorNote: note ?? '', handledAt: ctx.now })
        .where(eq(afterSales.id, id));
      const [refused] = await tx.select().from(afterSales).where(eq(afterSales.id, id));
      await audit(tx, ctx, {
        action: 'after_sale.decide',
        target: { type: 'after_sale', id },
        before,
        after: { status: 'refused', note: note ?? '' },
      });
      await notify(
        tx,
        afterSaleNotice(refused, order.orderNo, `未通过：${note || '不符合售后条件'}`),
        ctx.now,
      );
      return afterSaleView(refused);
    }
    const max = refundableFen(order);
    const refundFen =
      refundYuan === undefined ? Math.min(request.refundFen, max) : fromYuan(refundYuan.toFixed(2));
    if (refundFen > max)
      throw fieldError('refund', `退款金额不能超过本单可退金额${toYuan(max).toFixed(2)}元`);
    const status = await transition(tx, order, 'approve_after_sale', actor, note ?? '');
    await tx
      .update(afterSales)
      .set({ status: 'approved', refundFen, operatorNote: note ?? '', handledAt: ctx.now })
      .where(eq(afterSales.id, id));
    let channel: RefundChannel | null = null;
    if (refundFen > 0) {
      const refundedFen = order.refundedFen + refundFen;
      channel = await refundOrderPayment(tx, order, refundFen, '售后退款');
      await tx.update(orders).set({ refundedFen }).where(eq(orders.id, order.id));
      await reverseInvoiceAfterRefund(tx, order.id, ctx.now);
      await reverseOrderPoints(tx, order, refundedFen);
      await reverseOrderCashBack(tx, order, refundedFen);
      // The returned units now include this request's (approved above).
      const { lines, returned } = await refundBasis(tx, order.id);
      const whole = refundsEverything({ lines, paidFen: order.paidFen, refundedFen }, returned);
      await transition(
        tx,
        { ...order, status },
        whole ? 'refund' : 'partial_refund',
        actor,
        refundNote(refundFen, channel),
        {},
        { delivered: await wasDelivered(tx, order.id) },
      );
    }
    const [row] = await tx
      .update(afterSales)
      .set({ refundMethod: channel })
      .where(eq(afterSales.id, id))
      .returning();
    await notify(
      tx,
      afterSaleNotice(
        row,
        order.orderNo,
        channel === 'transfer'
          ? `已通过，退款${toYuan(refundFen).toFixed(2)}元将由财务通过银行转账退回（退款处理中）`
          : channel
            ? `已通过，退款${toYuan(refundFen).toFixed(2)}元已退回${refundChannelNames[channel]}`
            : '已通过',
      ),
      ctx.now,
    );
    await audit(tx, ctx, {
      action: 'after_sale.decide',
      target: { type: 'after_sale', id },
      before,
      after: { status: 'approved', refund: toYuan(refundFen), note: note ?? '' },
    });
    return afterSaleView(row);
  });
}

/** Buyer uploads the signed receipt of an ephedrine order (回执). */
export async function uploadReceipt(db: Db, userId: number, orderId: number, fileId: number, now: Date) {
  await assertOwnFiles(db, userId, [fileId]);
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    if (!order.ephedrine) throw refusal('该订单无需上传回执');
    if (!['awaiting_upload', 'rejected'].includes(order.receiptStatus))
      throw refusal('回执已提交，请等待审核');
    await tx
      .update(orders)
      .set({ receiptStatus: 'pending', receiptFileId: fileId, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    await recordEvent(
      tx,
      order.id,
      { type: 'buyer', id: userId, at: now },
      'upload_receipt',
      order.status,
      order.status,
      '上传签收回执',
    );
  });
}

/** Operator reviews the receipt: accept (the order may ship once paid) or reject with a note. */
export async function reviewReceipt(ctx: OperatorCtx, orderId: number, accept: boolean, note?: string) {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.receiptStatus !== 'pending') throw refusal('没有待审核的回执');
    const actor = { type: 'operator', id: ctx.actor.operatorId, at: ctx.now } as const;
    await tx
      .update(orders)
      .set({
        receiptStatus: accept ? 'accepted' : 'rejected',
        receiptNote: note ?? null,
        updatedAt: ctx.now,
      })
      .where(eq(orders.id, order.id));
    await audit(tx, ctx, {
      action: 'order.receipt_review',
      target: { type: 'order', id: order.id },
      before: { receipt_status: order.receiptStatus },
      after: { receipt_status: accept ? 'accepted' : 'rejected', note: note ?? null },
    });
    await notify(
      tx,
      {
        userId: order.userId,
        category: 'order',
        title: accept ? '含麻回执审核通过' : '含麻回执未通过',
        body: accept
          ? `订单${order.orderNo}的签收回执已审核通过，我们将尽快为您发货。`
          : `订单${order.orderNo}的签收回执未通过审核${note ? `：${note}` : ''}，请重新上传。`,
        link: `/order/info/${order.id}`,
      },
      ctx.now,
    );
    if (order.status === 'awaiting_receipt')
      await transition(tx, order, accept ? 'accept_receipt' : 'reject_receipt', actor, note ?? '');
    else
      await recordEvent(
        tx,
        order.id,
        actor,
        accept ? 'accept_receipt' : 'reject_receipt',
        order.status,
        order.status,
        note ?? '',
      );
  });
}

export async function shipOrder(
  ctx: OperatorCtx,
  orderId: number,
  carrier: string,
  trackingNo: string,
  codes?: readonly LineCodes[],
  batches?: readonly LineBatches[],
) {
  const operatorId = ctx.actor.operatorId;
  const { traceCodesRequired } = await loadOrderSettings(ctx.db);
  await refuseShippedCodes(ctx.db, ctx, orderId, codes);
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.ephedrine && order.receiptStatus !== 'accepted')
      throw refusal('含麻订单须回执审核通过后才能发货');
    await refuseShippingTo(tx, order.userId);
    const status = await transition(
      tx,
      order,
      'ship',
      { type: 'operator', id: operatorId, at: ctx.now },
      `${carrier} ${trackingNo}`,
    );
    const [shipment] = await tx
      .insert(shipments)
      .values({ orderId, carrier, trackingNo, operatorId, shippedAt: ctx.now })
      .returning();
    const contents = await recordShipmentContents(tx, ctx.now, orderId, shipment.id, {
      traceCodes: codes,
      batches,
      traceCodesRequired,
    });
    await tx
      .insert(trackingEvents)
      .values({ shipmentId: shipment.id, description: `【${carrier}】已揽收，运单号 ${trackingNo}` });
    await notify(
      tx,
      {
        userId: order.userId,
        category: 'order',
        title: '订单已发货',
        body: `您的订单${order.orderNo}已发货，${carrier}运单号${trackingNo}，请注意查收。`,
        link: `/order/info/${order.id}`,
      },
      ctx.now,
    );
    await audit(tx, ctx, {
      action: 'order.ship',
      target: { type: 'order', id: order.id },
      before: { status: order.status },
      after: {
        status,
        carrier,
        tracking_no: trackingNo,
        batches: contents.batches,
        trace_codes: contents.traceCodes,
      },
    });
    return { shipment_id: shipment.id };
  });
}

export async function addTracking(ctx: OperatorCtx, orderId: number, description: string) {
  await ctx.db.transaction(async (tx) => {
    const [shipment] = await tx.select().from(shipments).where(eq(shipments.orderId, orderId)).limit(1);
    if (!shipment) throw refusal('订单尚未发货');
    await tx.insert(trackingEvents).values({ shipmentId: shipment.id, description });
    await audit(tx, ctx, {
      action: 'order.tracking',
      target: { type: 'order', id: orderId },
      after: { shipment_id: shipment.id, description },
    });
  });
}
