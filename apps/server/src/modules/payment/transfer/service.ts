// 对公转账, the buyer's side: choosing it gives the order its 汇款识别码 and (once) the days a
// transfer takes; the buyer then uploads the 银行回单, which waits for 财务 (finance.ts). While
// a receipt waits, or part of the money has arrived, the order is held: the expiry sweep passes
// it by, and it cannot be paid another way (a cancel sends what arrived back through 财务).
import {
  beijingDateTimeText,
  beijingToday,
  fromYuan,
  type TransferView,
  toYuan,
  transferReceiptStateName,
} from '@yaocai/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { bankTransfers, transferReceipts } from '../../../db/schema/transfer';
import type { BuyerCtx } from '../../../lib/context';
import { assertMaySpend } from '../../../lib/eligibility';
import { fieldError, notFound, refusal } from '../../../lib/errors';
import { assertOwnFiles } from '../../account/files';
import { assertEphedrinePayment } from '../../compliance/ephedrine';
import { recordEvent } from '../../order/events';
import { loadOrderSettings } from '../../order/settings';
import { extendExpiry, findOrder, lockOrder, type OrderRow } from '../../order/state';
import { newTransferCode } from './code';
import { createTransferRefund } from './refund-ledger';
import { readTransferSettings, type TransferSettings } from './settings';

type TransferRow = typeof bankTransfers.$inferSelect;
type ReceiptRow = typeof transferReceipts.$inferSelect;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export const receiptView = (r: ReceiptRow) => ({
  id: r.id,
  file_id: r.fileId,
  payer_name: r.payerName,
  amount: toYuan(r.declaredFen),
  transfer_date: r.transferDate,
  state: r.status as TransferView['receipts'][number]['state'],
  state_name: transferReceiptStateName(r.status),
  received: r.receivedFen === null ? null : toYuan(r.receivedFen),
  reason: r.reason,
  created_at: seconds(r.createdAt),
});

function viewOf(order: OrderRow, t: TransferRow, receipts: ReceiptRow[], s: TransferSettings): TransferView {
  return {
    order_id: order.id,
    order_no: order.orderNo,
    code: t.code,
    account: {
      account_name: s.account_name,
      bank_name: s.bank_name,
      account_no: s.account_no,
      bank_code: s.bank_code,
    },
    amount: toYuan(order.totalFen),
    received: toYuan(t.receivedFen),
    remaining: toYuan(Math.max(0, order.totalFen - t.receivedFen)),
    expires_at: seconds(order.expiresAt),
    order_status: order.status,
    awaiting_confirmation: receipts.some((r) => r.status === 'pending'),
    receipts: receipts.map(receiptView),
  };
}

const transferOfOrder = async (db: DbOrTx, orderId: number) =>
  (await db.select().from(bankTransfers).where(eq(bankTransfers.orderId, orderId)))[0];

const receiptsOf = (db: DbOrTx, orderId: number) =>
  db
    .select()
    .from(transferReceipts)
    .where(eq(transferReceipts.orderId, orderId))
    .orderBy(asc(transferReceipts.id));

/**
 * The buyer chooses 对公转账: the order gets its 汇款识别码 and waits the configured days (once:
 * choosing again shows the same code and time). Refused while no receiving account is set.
 */
export async function chooseTransfer(ctx: BuyerCtx, orderId: number): Promise<TransferView> {
  assertMaySpend(ctx);
  const account = await readTransferSettings(ctx.db);
  if (!account.account_no) throw refusal('平台收款账户尚未设置，请选择其他支付方式');
  const { ephedrineWalletOnly } = await loadOrderSettings(ctx.db);
  return ctx.db.transaction(async (tx) => {
    let order = await lockOrder(tx, orderId, ctx.actor.userId);
    let transfer = await transferOfOrder(tx, order.id);
    if (!transfer) {
      if (order.status === 'cancelled') throw refusal('订单已取消，不能支付');
      if (order.status !== 'pending_payment') throw refusal('订单已支付，请勿重复支付');
      if (order.expiresAt < ctx.now) throw refusal('订单已超时关闭，不能支付');
      assertEphedrinePayment(order, ephedrineWalletOnly);
      // Under the order's lock only a code clash can refuse the row: draw again.
      for (let attempt = 0; !transfer && attempt < 8; attempt++)
        [transfer] = await tx
          .insert(bankTransfers)
          .values({ orderId: order.id, userId: order.userId, code: newTransferCode(), createdAt: ctx.now })
          .onConflictDoNothing()
          .returning();
      if (!transfer) throw new Error(`order ${order.id}: no free transfer code after 8 draws`);
      const until = new Date(ctx.now.getTime() + account.expire_days * 86_400_000);
      const expiresAt = await extendExpiry(
        tx,
        order,
        until,
        { type: 'buyer', id: ctx.actor.userId, at: ctx.now },
        `选择对公转账（汇款识别码 ${transfer.code}），订单保留至 ${beijingDateTimeText(seconds(until))}`,
      );
      order = { ...order, expiresAt };
    }
    return viewOf(order, transfer, await receiptsOf(tx, order.id), account);
  });
}

/** The buyer's transfer of an order (404 for another store's order or one not paid by transfer). */
export async function myTransfer(ctx: BuyerCtx, orderId: number): Promise<TransferView> {
  const order = await findOrder(ctx.db, orderId, ctx.actor.userId);
  const transfer = order && (await transferOfOrder(ctx.db, order.id));
  if (!order || !transfer) throw notFound('转账信息不存在');
  return viewOf(order, transfer, await receiptsOf(ctx.db, order.id), await readTransferSettings(ctx.db));
}

/** The buyer uploads a 银行回单 with what it shows: it waits for 财务 (待确认). */
export async function uploadTransferReceipt(
  ctx: BuyerCtx,
  orderId: number,
  body: { file_id: number; payer_name: string; amount: number; transfer_date: string },
): Promise<TransferView> {
  await assertOwnFiles(ctx.db, ctx.actor.userId, [body.file_id]);
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, ctx.actor.userId);
    const transfer = await transferOfOrder(tx, order.id);
    if (!transfer) throw refusal('请先选择对公转账');
    if (order.status !== 'pending_payment') throw refusal('订单已支付或已取消，无需上传回单');
    if (order.expiresAt < ctx.now && transfer.receivedFen === 0) throw refusal('订单已超时关闭，不能支付');
    const [pending] = await tx
      .select({ id: transferReceipts.id })
      .from(transferReceipts)
      .where(and(eq(transferReceipts.orderId, order.id), eq(transferReceipts.status, 'pending')));
    if (pending) throw refusal('已有回单等待财务确认，请勿重复提交');
    // A transfer dated after today (Beijing) is a typing slip.
    if (body.transfer_date > beijingToday(ctx.now)) throw fieldError('transfer_date', '转账日期不能晚于今天');
    const declaredFen = fromYuan(body.amount);
    await tx.insert(transferReceipts).values({
      transferId: transfer.id,
      orderId: order.id,
      userId: order.userId,
      fileId: body.file_id,
      payerName: body.payer_name,
      declaredFen,
      transferDate: body.transfer_date,
      createdAt: ctx.now,
    });
    await recordEvent(
      tx,
      order.id,
      { type: 'buyer', id: ctx.actor.userId, at: ctx.now },
      'transfer_receipt',
      order.status,
      order.status,
      `上传银行回单：${body.payer_name} 转账 ${toYuan(declaredFen).toFixed(2)} 元（${body.transfer_date}），待财务确认`,
    );
    return viewOf(order, transfer, await receiptsOf(tx, order.id), await readTransferSettings(tx));
  });
}

/**
 * Whether a transfer holds the order open: a receipt waits for 财务, or part of the money has
 * arrived. The expiry sweep passes such an order by.
 */
export async function transferHoldsOrder(db: DbOrTx, orderId: number): Promise<boolean> {
  const transfer = await transferOfOrder(db, orderId);
  if (!transfer) return false;
  if (transfer.receivedFen > 0) return true;
  const [pending] = await db
    .select({ id: transferReceipts.id })
    .from(transferReceipts)
    .where(and(eq(transferReceipts.orderId, orderId), eq(transferReceipts.status, 'pending')));
  return Boolean(pending);
}

/**
 * Before an unpaid order is cancelled or paid another way, under the caller's lock on it: a
 * receipt waiting for 财务 refuses both; money that already arrived (a partial payment) refuses
 * paying another way and, on a cancel, becomes a 财务 to-do to send it back.
 */
export async function releaseTransfer(tx: DbOrTx, order: OrderRow, why: 'cancel' | 'pay') {
  const transfer = await transferOfOrder(tx, order.id);
  if (!transfer) return;
  const [pending] = await tx
    .select({ id: transferReceipts.id })
    .from(transferReceipts)
    .where(and(eq(transferReceipts.orderId, order.id), eq(transferReceipts.status, 'pending')));
  if (pending) throw refusal('银行回单正在等待财务确认，暂不能取消订单或改用其他方式支付');
  if (transfer.receivedFen === 0) return;
  if (why === 'pay') throw refusal('该订单已有对公转账部分到账，请继续转账支付剩余金额');
  await createTransferRefund(tx, {
    orderId: order.id,
    userId: order.userId,
    amountFen: transfer.receivedFen,
    kind: 'cancelled',
    reason: `订单${order.orderNo}取消，退回已到账的对公转账`,
  });
  await tx.update(bankTransfers).set({ receivedFen: 0 }).where(eq(bankTransfers.id, transfer.id));
}
