// 财务 → 退款待办: money owed back that needs a person. Provider refunds that failed (retried
// with the same refund number) or are still processing (the sweeper polls them), and transfer
// refunds: 财务 makes the outgoing bank transfer and records it (reference, date); until then the
// buyer reads 退款处理中. Every decision audited.
import { type RefundTodosView, type TransferRefundRecordBody, toYuan } from '@yaocai/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { transferReceipts, transferRefunds } from '../../../db/schema/transfer';
import { paymentRefunds } from '../../../db/schema/wallet';
import type { OperatorCtx } from '../../../lib/context';
import { conflict, notFound } from '../../../lib/errors';
import { storeBriefsOf } from '../../account/briefs';
import { audit } from '../../audit/service';
import { notify } from '../../message/service';
import { orderBriefsOf } from '../../order/briefs';
import { recordRefundEvent } from '../../webhooks/events';
import { retryRefund } from '../refunds';
import type { TransferRefundKind } from './refund-ledger';

const kindNames: Record<TransferRefundKind, string> = {
  after_sales: '售后退款',
  excess: '多付退回',
  cancelled: '取消退回',
};

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The to-do list: open provider refunds, then transfer refunds (pending first, then the last done). */
export async function refundTodos(ctx: OperatorCtx): Promise<RefundTodosView> {
  const providerRows = await ctx.db
    .select()
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.status, ['failed', 'processing']))
    .orderBy(asc(paymentRefunds.id))
    .limit(200);
  const transferRows = await ctx.db
    .select()
    .from(transferRefunds)
    .orderBy(desc(sql`${transferRefunds.status} = 'pending'`), desc(transferRefunds.id))
    .limit(200);
  const [orderOf, storeOf] = await Promise.all([
    orderBriefsOf(
      ctx.db,
      [...providerRows, ...transferRows].map((r) => r.orderId),
    ),
    storeBriefsOf(
      ctx.db,
      transferRows.map((r) => r.userId),
    ),
  ]);
  const payees = new Map<number, string>();
  const orderIds = [...new Set(transferRows.map((r) => r.orderId))];
  if (orderIds.length) {
    const receipts = await ctx.db
      .select({ orderId: transferReceipts.orderId, payer: transferReceipts.payerName })
      .from(transferReceipts)
      .where(
        and(
          inArray(transferReceipts.orderId, orderIds),
          inArray(transferReceipts.status, ['confirmed', 'partial']),
        ),
      )
      .orderBy(asc(transferReceipts.id));
    for (const r of receipts) payees.set(r.orderId, r.payer);
  }
  return {
    provider: providerRows.map((r) => ({
      id: r.id,
      order_id: r.orderId,
      order_no: orderOf.get(r.orderId)?.orderNo ?? '',
      provider: r.provider,
      refund_no: r.refundNo,
      amount: toYuan(r.amountFen),
      reason: r.reason,
      status: r.status as 'processing' | 'failed',
      error: r.error,
      attempts: r.attempts,
      created_at: seconds(r.createdAt),
    })),
    transfer: transferRows.map((r) => ({
      id: r.id,
      order_id: r.orderId,
      order_no: orderOf.get(r.orderId)?.orderNo ?? '',
      company_name: storeOf.get(r.userId)?.companyName ?? '',
      payee_name: payees.get(r.orderId) ?? null,
      amount: toYuan(r.amountFen),
      kind: r.kind as TransferRefundKind,
      kind_name: kindNames[r.kind as TransferRefundKind] ?? r.kind,
      reason: r.reason,
      status: r.status as 'pending' | 'done',
      bank_ref: r.bankRef,
      paid_on: r.paidOn,
      created_at: seconds(r.createdAt),
    })),
  };
}

/** 财务 records the outgoing transfer of a transfer refund: done, the buyer is told. */
export async function recordTransferRefund(ctx: OperatorCtx, id: number, body: TransferRefundRecordBody) {
  return ctx.db.transaction(async (tx) => {
    const [refund] = await tx.select().from(transferRefunds).where(eq(transferRefunds.id, id)).for('update');
    if (!refund) throw notFound('退款待办不存在');
    if (refund.status !== 'pending') throw conflict('该退款已登记转出');
    await tx
      .update(transferRefunds)
      .set({
        status: 'done',
        bankRef: body.bank_ref,
        paidOn: body.paid_on,
        recordedBy: ctx.actor.operatorId,
        recordedAt: ctx.now,
      })
      .where(eq(transferRefunds.id, id));
    await recordRefundEvent(
      tx,
      { orderId: refund.orderId, amountFen: refund.amountFen, channel: 'transfer', refundNo: body.bank_ref },
      ctx.now,
    );
    const order = (await orderBriefsOf(tx, [refund.orderId])).get(refund.orderId);
    await notify(
      tx,
      {
        userId: refund.userId,
        category: 'order',
        title: '退款已转出',
        body: `订单${order?.orderNo ?? ''}的退款${toYuan(refund.amountFen).toFixed(2)}元已于${body.paid_on}通过银行转账退回，银行流水号${body.bank_ref}。`,
        link: `/order/info/${refund.orderId}`,
      },
      ctx.now,
    );
    await audit(tx, ctx, {
      action: 'transfer_refund.record',
      target: { type: 'order', id: refund.orderId },
      before: { refund_id: id, status: 'pending', amount_fen: refund.amountFen },
      after: { refund_id: id, status: 'done', bank_ref: body.bank_ref, paid_on: body.paid_on },
    });
    return { id, status: 'done' as const };
  });
}

/** 财务 sends a failed provider refund again (same refund number), audited with the answer. */
export async function retryProviderRefund(ctx: OperatorCtx, id: number) {
  return ctx.db.transaction(async (tx) => {
    const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
    if (!refund) throw notFound('退款待办不存在');
    if (refund.status !== 'failed') throw conflict('只有失败的退款可以重试');
    const state = await retryRefund(tx, id);
    if (!state) throw conflict('只有失败的退款可以重试');
    const [after] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
    await audit(tx, ctx, {
      action: 'refund.retry',
      target: { type: 'order', id: refund.orderId },
      before: { refund_no: refund.refundNo, status: 'failed', error: refund.error },
      after: { refund_no: refund.refundNo, status: after.status, error: after.error },
    });
    return { id, status: after.status };
  });
}
