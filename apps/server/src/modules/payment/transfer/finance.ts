// 财务 → 对公转账: the receipts buyers uploaded, worked oldest first. Confirming says what the
// bank statement shows arrived: exactly what was due pays the order (markOrderPaid, a payments
// row of provider 'transfer', in one transaction under the order's lock); less is a partial
// payment only when 财务 says so (the order stays unpaid, the buyer sees what remains); more
// pays the order and the excess becomes a refund to-do, or the store's balance only when 财务
// chooses it. Sending back needs a reason. Each decision is audited and the buyer gets a message.
import {
  type AdminTransferQuery,
  type AdminTransferView,
  fromYuan,
  type OrderStatus,
  orderStatusLabels,
  type TransferConfirmBody,
  toYuan,
} from '@yaocai/domain';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { bankTransfers, transferReceipts } from '../../../db/schema/transfer';
import { payments } from '../../../db/schema/wallet';
import type { OperatorCtx } from '../../../lib/context';
import { conflict, fieldError, notFound } from '../../../lib/errors';
import { fileMimesOf, operatorNamesOf, storeBriefsOf, storeCompanyNameLike } from '../../account/briefs';
import { audit } from '../../audit/service';
import { notify } from '../../message/service';
import { orderBriefsOf, orderNoLike } from '../../order/briefs';
import { recordEvent } from '../../order/events';
import { lockOrder } from '../../order/state';
import { moveBalance, USE_TYPE } from '../../wallet/service';
import { closeOpenTrades, markOrderPaid } from '../trades';
import { createTransferRefund } from './refund-ledger';
import { receiptView } from './service';

const yuanText = (fen: number) => `${toYuan(fen).toFixed(2)}元`;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function adminSelect(db: DbOrTx) {
  return db
    .select({ r: transferReceipts, code: bankTransfers.code, receivedTotal: bankTransfers.receivedFen })
    .from(transferReceipts)
    .innerJoin(bankTransfers, eq(bankTransfers.id, transferReceipts.transferId));
}
type AdminRow = Awaited<ReturnType<ReturnType<typeof adminSelect>['where']>>[number];

/** The views of a page of receipts: their orders, stores, files and deciders read once per owner. */
async function adminViews(db: DbOrTx, rows: AdminRow[]): Promise<AdminTransferView[]> {
  const [orderOf, storeOf, mimeOf, operatorOf] = await Promise.all([
    orderBriefsOf(
      db,
      rows.map((x) => x.r.orderId),
    ),
    storeBriefsOf(
      db,
      rows.map((x) => x.r.userId),
    ),
    fileMimesOf(
      db,
      rows.map((x) => x.r.fileId),
    ),
    operatorNamesOf(
      db,
      rows.flatMap((x) => (x.r.decidedBy === null ? [] : [x.r.decidedBy])),
    ),
  ]);
  return rows.map((x) => {
    const r = x.r;
    const order = orderOf.get(r.orderId);
    const store = storeOf.get(r.userId);
    const orderStatus = order?.status ?? '';
    const totalFen = order?.totalFen ?? 0;
    // What arrived before this receipt: the transfer's total less this receipt's own part.
    const own = r.status === 'confirmed' || r.status === 'partial' ? (r.receivedFen ?? 0) : 0;
    const before = Math.max(0, x.receivedTotal - own);
    return {
      ...receiptView(r),
      order_id: r.orderId,
      order_no: order?.orderNo ?? '',
      order_status_label: orderStatusLabels[orderStatus as OrderStatus] ?? orderStatus,
      code: x.code,
      company_name: store?.companyName ?? '',
      store_name: store?.storeName ?? '',
      order_total: toYuan(totalFen),
      received_before: toYuan(before),
      expected: toYuan(Math.max(0, totalFen - before)),
      receipt_mime: mimeOf.get(r.fileId) ?? '',
      excess: toYuan(r.excessFen),
      excess_to: r.excessTo as AdminTransferView['excess_to'],
      decided_by: r.decidedBy === null ? null : (operatorOf.get(r.decidedBy) ?? null),
      decided_at: r.decidedAt ? seconds(r.decidedAt) : null,
    };
  });
}

/** The receipts, by state; the 待确认 queue oldest first, other lists newest first. */
export async function transferInbox(
  ctx: OperatorCtx,
  q: AdminTransferQuery & { page: number; page_size: number },
) {
  const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    q.state ? eq(transferReceipts.status, q.state) : undefined,
    like
      ? or(
          orderNoLike(transferReceipts.orderId, like),
          ilike(bankTransfers.code, like),
          ilike(transferReceipts.payerName, like),
          storeCompanyNameLike(transferReceipts.userId, like),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    adminSelect(ctx.db)
      .where(where)
      .orderBy(q.state === 'pending' ? asc(transferReceipts.id) : desc(transferReceipts.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db
      .select({ n: count() })
      .from(transferReceipts)
      .innerJoin(bankTransfers, eq(bankTransfers.id, transferReceipts.transferId))
      .where(where),
  ]);
  return { list: await adminViews(ctx.db, rows), total: total?.n ?? 0, page: q.page, page_size: q.page_size };
}

export async function transferReceiptDetail(ctx: OperatorCtx, id: number) {
  const [row] = await adminSelect(ctx.db).where(eq(transferReceipts.id, id));
  if (!row) throw notFound('回单不存在');
  return (await adminViews(ctx.db, [row]))[0];
}

/** Locks the order, then the receipt (still 待确认) and its transfer: every path locks the order first. */
async function lockPendingReceipt(tx: DbOrTx, id: number) {
  const [known] = await tx
    .select({ orderId: transferReceipts.orderId })
    .from(transferReceipts)
    .where(eq(transferReceipts.id, id));
  if (!known) throw notFound('回单不存在');
  const order = await lockOrder(tx, known.orderId);
  const [receipt] = await tx.select().from(transferReceipts).where(eq(transferReceipts.id, id)).for('update');
  if (receipt.status !== 'pending') throw conflict('该回单已处理，请刷新后查看');
  const [transfer] = await tx
    .select()
    .from(bankTransfers)
    .where(eq(bankTransfers.id, receipt.transferId))
    .for('update');
  return { order, receipt, transfer };
}

export async function confirmTransfer(ctx: OperatorCtx, id: number, body: TransferConfirmBody) {
  await ctx.db.transaction(async (tx) => {
    const { order, receipt, transfer } = await lockPendingReceipt(tx, id);
    const receivedFen = fromYuan(body.received);
    const payable = order.status === 'pending_payment';
    const dueFen = payable ? order.totalFen - transfer.receivedFen : 0;
    const actor = { type: 'operator', id: ctx.actor.operatorId, at: ctx.now } as const;
    let status: 'confirmed' | 'partial' = 'confirmed';
    let excessFen = 0;
    let excessTo: 'refund' | 'wallet' | null = null;
    let message: { title: string; body: string };
    if (payable && receivedFen < dueFen) {
      if (body.partial !== true)
        throw fieldError(
          'received',
          `到账金额${yuanText(receivedFen)}少于应付${yuanText(dueFen)}；如确为部分到账，请选择“部分到账”`,
        );
      status = 'partial';
      message = {
        title: '对公转账部分到账',
        body: `订单${order.orderNo}的转账已到账${yuanText(receivedFen)}，尚需转账${yuanText(dueFen - receivedFen)}，请使用同一汇款识别码${transfer.code}转账后上传回单。`,
      };
    } else {
      excessFen = receivedFen - dueFen;
      if (excessFen > 0) {
        // An order no longer payable (paid another way, or cancelled) takes nothing: it all goes back.
        if (payable && !body.excess)
          throw fieldError(
            'excess',
            `到账金额${yuanText(receivedFen)}多于应付${yuanText(dueFen)}，请选择多付${yuanText(excessFen)}的处理方式`,
          );
        excessTo = body.excess === 'wallet' && payable ? 'wallet' : 'refund';
      }
      message = payable
        ? {
            title: '对公转账已确认',
            body: `订单${order.orderNo}的对公转账已确认到账，订单已支付。${
              excessFen > 0
                ? excessTo === 'wallet'
                  ? `多付的${yuanText(excessFen)}已转入您的账户余额。`
                  : `多付的${yuanText(excessFen)}将由财务转账退回。`
                : ''
            }`,
          }
        : {
            title: '对公转账将退回',
            body: `订单${order.orderNo}已取消或已用其他方式支付，到账的${yuanText(receivedFen)}将由财务转账退回。`,
          };
    }
    await tx
      .update(transferReceipts)
      .set({
        status,
        receivedFen,
        excessFen,
        excessTo,
        decidedBy: ctx.actor.operatorId,
        decidedAt: ctx.now,
      })
      .where(eq(transferReceipts.id, id));
    await tx
      .update(bankTransfers)
      .set({ receivedFen: sql`${bankTransfers.receivedFen} + ${payable ? receivedFen - excessFen : 0}` })
      .where(eq(bankTransfers.id, transfer.id));
    if (excessTo === 'wallet')
      await moveBalance(
        tx,
        order.userId,
        excessFen,
        USE_TYPE.refund,
        `订单${order.orderNo}对公转账多付转入余额`,
        {
          orderId: order.id,
        },
      );
    if (excessTo === 'refund')
      await createTransferRefund(tx, {
        orderId: order.id,
        userId: order.userId,
        amountFen: excessFen,
        kind: payable ? 'excess' : 'cancelled',
        reason: payable ? `订单${order.orderNo}对公转账多付` : `订单${order.orderNo}已取消或已支付，退回转账`,
      });
    if (payable && status === 'confirmed') {
      // A QR code still open for this order can no longer pay it.
      await closeOpenTrades(tx, order.id, ctx.now);
      await tx.insert(payments).values({
        orderId: order.id,
        userId: order.userId,
        provider: 'transfer',
        outTradeNo: `${order.orderNo}T${receipt.id}`,
        amountFen: order.totalFen,
        status: 'paid',
        providerTransactionId: `${transfer.code}-${receipt.id}`,
        paidAt: ctx.now,
      });
      await markOrderPaid(tx, order, 'transfer', ctx.now, actor);
    } else {
      await recordEvent(
        tx,
        order.id,
        actor,
        'transfer_confirm',
        order.status,
        order.status,
        status === 'partial'
          ? `财务确认对公转账部分到账 ${yuanText(receivedFen)}，尚需 ${yuanText(dueFen - receivedFen)}`
          : `财务确认对公转账到账 ${yuanText(receivedFen)}，订单已不能收款，待财务退回`,
      );
    }
    await notify(
      tx,
      { userId: order.userId, category: 'order', ...message, link: `/order/info/${order.id}` },
      ctx.now,
    );
    await audit(tx, ctx, {
      action: 'transfer.confirm',
      target: { type: 'order', id: order.id },
      before: {
        receipt_id: id,
        status: 'pending',
        due_fen: dueFen,
        received_before_fen: transfer.receivedFen,
      },
      after: {
        receipt_id: id,
        status,
        received_fen: receivedFen,
        excess_fen: excessFen,
        excess_to: excessTo,
      },
    });
  });
  return transferReceiptDetail(ctx, id);
}

export async function rejectTransfer(ctx: OperatorCtx, id: number, reason: string) {
  await ctx.db.transaction(async (tx) => {
    const { order } = await lockPendingReceipt(tx, id);
    await tx
      .update(transferReceipts)
      .set({ status: 'rejected', reason, decidedBy: ctx.actor.operatorId, decidedAt: ctx.now })
      .where(eq(transferReceipts.id, id));
    await recordEvent(
      tx,
      order.id,
      { type: 'operator', id: ctx.actor.operatorId, at: ctx.now },
      'transfer_reject',
      order.status,
      order.status,
      `财务退回银行回单：${reason}`,
    );
    await notify(
      tx,
      {
        userId: order.userId,
        category: 'order',
        title: '银行回单被退回',
        body: `订单${order.orderNo}的银行回单被财务退回：${reason}。请核对后重新上传。`,
        link: `/cart/step3/${order.id}`,
      },
      ctx.now,
    );
    await audit(tx, ctx, {
      action: 'transfer.reject',
      target: { type: 'order', id: order.id },
      before: { receipt_id: id, status: 'pending' },
      after: { receipt_id: id, status: 'rejected', reason },
    });
  });
  return transferReceiptDetail(ctx, id);
}
