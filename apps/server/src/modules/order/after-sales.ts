import { fromYuan, toYuan } from '@yaocai/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { afterSales, orderLines, orders, payments, shipments, trackingEvents } from '../../db/schema';
import type { OperatorCtx } from '../../lib/context';
import { notFound, refusal } from '../../lib/errors';
import { assertOwnFiles } from '../account/files';
import { refuseShippingTo } from '../account/standing';
import { audit } from '../audit/service';
import { type LineCodes, recordShipmentContents, refuseShippedCodes } from '../compliance/shipping';
import { type Notice, notify } from '../message/service';
import { reverseOrderPoints } from '../points/service';
import { reverseOrderCashBack } from '../promotion/cash-back';
import { moveBalance, returnCredit, USE_TYPE } from '../wallet/service';
import { recordEvent } from './events';
import { afterSaleView } from './queries';
import { lockOrder, transition } from './service';
import { loadOrderSettings } from './settings';

export interface AfterSaleRequest {
  kind: 'return' | 'after_sale';
  reason: string;
  lines: { line_id: number; quantity: number }[];
  photo_ids: number[];
}

/** A return / after-sales request on a shipped or completed order, with reason, quantities, photos. */
export async function requestAfterSale(db: Db, userId: number, orderId: number, body: AfterSaleRequest) {
  await assertOwnFiles(db, userId, body.photo_ids, true);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    let refundFen = 0;
    for (const want of body.lines) {
      const line = lines.find((l) => l.id === want.line_id);
      if (!line) throw notFound('订单商品不存在');
      if (want.quantity > line.quantity)
        throw refusal(`「${line.goodsName}」申请数量不能超过购买数量${line.quantity}`);
      refundFen += Math.floor((line.payableFen * want.quantity) / line.quantity);
    }
    // The refund is at most what was paid and not yet refunded.
    refundFen = Math.min(refundFen, order.paidFen - order.refundedFen);
    await transition(tx, order, 'request_after_sale', { type: 'buyer', id: userId }, body.reason);
    const [row] = await tx
      .insert(afterSales)
      .values({
        orderId: order.id,
        userId,
        kind: body.kind,
        reason: body.reason,
        lines: body.lines.map((l) => ({ lineId: l.line_id, quantity: l.quantity })),
        photoFileIds: body.photo_ids,
        refundFen,
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
  const view = afterSaleView(row);
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

/**
 * The operator accepts (refunding to the original payment method) or refuses a request.
 * Refunds: balance -> back to the balance, credit -> the bill and used credit go down,
 * online -> back to the balance (the sandbox has no refund channel) with a log line.
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
    const actor = { type: 'operator', id: ctx.actor.operatorId } as const;
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
    const max = order.paidFen - order.refundedFen;
    const refundFen = refundYuan === undefined ? request.refundFen : fromYuan(refundYuan.toFixed(2));
    if (refundFen > max) throw refusal(`退款金额不能超过可退金额${toYuan(max)}元`);
    const status = await transition(tx, order, 'approve_after_sale', actor, note ?? '');
    if (refundFen > 0) {
      if (order.paymentMethod === 'credit') await returnCredit(tx, order.userId, order.id, refundFen);
      else
        await moveBalance(tx, order.userId, refundFen, USE_TYPE.refund, `订单${order.orderNo}售后退款`, {
          orderId: order.id,
        });
      await tx
        .update(orders)
        .set({ refundedFen: order.refundedFen + refundFen })
        .where(eq(orders.id, order.id));
      await reverseOrderPoints(tx, order, order.refundedFen + refundFen);
      await reverseOrderCashBack(tx, order, order.refundedFen + refundFen);
      await transition(
        tx,
        { ...order, status },
        'refund',
        actor,
        `退款${toYuan(refundFen).toFixed(2)}元，原路退回`,
      );
      if (order.paymentMethod === 'online')
        await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.orderId, order.id));
    }
    await tx
      .update(afterSales)
      .set({
        status: 'approved',
        refundFen,
        refundMethod: order.paymentMethod === 'credit' ? 'credit' : 'balance',
        operatorNote: note ?? '',
        handledAt: ctx.now,
      })
      .where(eq(afterSales.id, id));
    const [row] = await tx.select().from(afterSales).where(eq(afterSales.id, id));
    await notify(
      tx,
      afterSaleNotice(
        row,
        order.orderNo,
        refundFen > 0
          ? `已通过，退款${toYuan(refundFen).toFixed(2)}元已退回${order.paymentMethod === 'credit' ? '账期额度' : '账户余额'}`
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
export async function uploadReceipt(db: Db, userId: number, orderId: number, fileId: number) {
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
      { type: 'buyer', id: userId },
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
    const actor = { type: 'operator', id: ctx.actor.operatorId } as const;
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
      { type: 'operator', id: operatorId },
      `${carrier} ${trackingNo}`,
    );
    const [shipment] = await tx
      .insert(shipments)
      .values({ orderId, carrier, trackingNo, operatorId, shippedAt: ctx.now })
      .returning();
    const contents = await recordShipmentContents(tx, ctx.now, orderId, shipment.id, {
      traceCodes: codes,
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
