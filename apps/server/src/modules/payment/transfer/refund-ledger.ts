// The transfer refunds owed on an order: written by whatever owes money back (a cancel, an
// excess transfer, an after-sale) and summed for the buyer's 退款处理中. Apart from 财务's to-do
// list (refund-todos.ts), which retries provider refunds through refunds.ts: refunds.ts writes
// transfer refunds here, so the two importing each other made a circle.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { transferRefunds } from '../../../db/schema/transfer';

export type TransferRefundKind = 'after_sales' | 'excess' | 'cancelled';

/** A transfer refund for 财务 to make, in the caller's transaction. */
export async function createTransferRefund(
  tx: DbOrTx,
  refund: { orderId: number; userId: number; amountFen: number; kind: TransferRefundKind; reason: string },
) {
  const [row] = await tx.insert(transferRefunds).values(refund).returning();
  return row;
}

/** How much of an order's transfer refunds 财务 has not sent yet (the buyer's 退款处理中). */
export async function pendingTransferRefundFen(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ fen: sql<number>`coalesce(sum(${transferRefunds.amountFen}), 0)::int` })
    .from(transferRefunds)
    .where(and(eq(transferRefunds.orderId, orderId), eq(transferRefunds.status, 'pending')));
  return row?.fen ?? 0;
}
