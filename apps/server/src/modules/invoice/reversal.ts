import { redFigures, toYuan } from '@yaocai/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices, orders } from '../../db/schema/order';
import { notify } from '../message/service';

// An invoice follows the money: when money of an order comes back after its blue invoice was
// issued, that invoice is reversed (已红冲) by a red-letter invoice (红字发票: its lines negated,
// referencing its number) and, when some money stays paid, a new blue invoice for what remains.
// Both wait in 财务's queue; the red one is issued first (issue.ts). Called by whoever records a
// refund, in the refund's transaction, after the order's refunded amount is written.

/** Reverses the order's issued blue invoice after a refund; nothing when there is none. */
export async function reverseInvoiceAfterRefund(tx: DbOrTx, orderId: number, now: Date) {
  const [blue] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'blue'), eq(invoices.status, 'issued')))
    .for('update');
  if (!blue?.lines) return null;
  const [order] = await tx
    .select({ orderNo: orders.orderNo, totalFen: orders.totalFen, refundedFen: orders.refundedFen })
    .from(orders)
    .where(eq(orders.id, orderId));
  await tx.update(invoices).set({ status: 'reversed', updatedAt: now }).where(eq(invoices.id, blue.id));
  const party = {
    orderId,
    userId: blue.userId,
    type: blue.type,
    title: blue.title,
    taxNo: blue.taxNo,
    originalId: blue.id,
    status: 'requested',
    createdAt: now,
    updatedAt: now,
  };
  const red = redFigures(blue.lines.map((l) => ({ ...l, taxCode: l.taxCode ?? '' })));
  const [redRow] = await tx
    .insert(invoices)
    .values({ ...party, kind: 'red', ...red })
    .returning();
  const remainsFen = order.totalFen - order.refundedFen;
  const [newBlue] =
    remainsFen > 0
      ? await tx
          .insert(invoices)
          .values({ ...party, kind: 'blue' })
          .returning()
      : [];
  await notify(
    tx,
    {
      userId: blue.userId,
      category: 'order',
      title: '发票将红冲',
      body: newBlue
        ? `订单${order.orderNo}发生退款，原发票${blue.invoiceNo}将开具红字发票冲销，并按实付¥${toYuan(remainsFen).toFixed(2)}重新开具蓝字发票。`
        : `订单${order.orderNo}已全额退款，原发票${blue.invoiceNo}将开具红字发票冲销。`,
      link: '/dzfp',
    },
    now,
  );
  return { reversed: blue.id, red: redRow.id, blue: newBlue?.id ?? null };
}
