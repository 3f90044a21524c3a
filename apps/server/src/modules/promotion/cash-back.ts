import { bestCashBack, type CashBackActivity, cashBackReversal, toYuan } from '@yaocai/domain';
import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cashBackActivities, cashBackCredits } from '../../db/schema/promotion';
import type { DomainEvents, EventOrder } from '../../lib/domain-events';
import { coverageFactsOf } from '../catalog/coverage';
import { moveBalance, USE_TYPE, walletRow } from '../wallet/service';

// 满返 (cash-back). When an order is received the order module hands its lines here: the
// activity that ran when the order was paid (not paused now) reads the covered lines' paid
// amount against its tiers (packages/domain rules/cash-back.ts) and the amount back is credited
// to the store's wallet in the receiving transaction. One cash_back_credits row per order (a
// unique index) makes the credit idempotent. A refund takes back the refunded share (rounded
// up) less what was taken already, never more than the wallet holds: the balance never goes
// below zero, and what the store had already spent is simply not taken back.

/** A received order and its lines, as `order.received` carries them (lib/domain-events.ts). */
export type ReceivedOrder = EventOrder;
export type ReceivedLine = DomainEvents['order.received']['lines'][number];

/** Activities that ran at `at` and are not paused now. */
export function cashBackActivitiesAt(db: DbOrTx, at: Date) {
  return db
    .select()
    .from(cashBackActivities)
    .where(
      and(
        ne(cashBackActivities.status, 'paused'),
        lte(cashBackActivities.startsAt, at),
        gt(cashBackActivities.endsAt, at),
      ),
    )
    .orderBy(cashBackActivities.id);
}

export const toRuleActivity = (a: typeof cashBackActivities.$inferSelect): CashBackActivity => ({
  id: a.id,
  tiers: a.tiers,
  repeat: a.repeat,
  coverage: a.coverage,
});

/** Credits a received order's cash-back, once; returns the fen credited now (0 if none or done). */
export async function creditOrderCashBack(
  tx: DbOrTx,
  order: ReceivedOrder,
  lines: readonly ReceivedLine[],
): Promise<number> {
  const activities = await cashBackActivitiesAt(tx, order.paidAt ?? order.createdAt);
  if (activities.length === 0 || order.paidFen <= 0) return 0;
  const goodsLines = lines.filter((l) => l.kind === 'goods');
  const facts = await coverageFactsOf(
    tx,
    goodsLines.map((l) => l.goodsId),
  );
  const ruleLines = goodsLines.flatMap((l) => {
    const goods = facts.get(l.goodsId);
    return goods ? [{ goods, payableFen: l.payableFen }] : [];
  });
  const best = bestCashBack(activities.map(toRuleActivity), ruleLines, order);
  if (!best) return 0;
  const [row] = await tx
    .insert(cashBackCredits)
    .values({
      activityId: best.activity.id,
      orderId: order.id,
      orderNo: order.orderNo,
      userId: order.userId,
      baseFen: best.baseFen,
      creditFen: best.creditFen,
    })
    .onConflictDoNothing()
    .returning({ id: cashBackCredits.id });
  if (!row) return 0;
  await moveBalance(tx, order.userId, best.creditFen, USE_TYPE.cashBack, `订单${order.orderNo}满额返现`, {
    orderId: order.id,
  });
  return best.creditFen;
}

/**
 * After a refund (refundedFen: the order's refunded total including this one): takes back what
 * the rule says is due now, at most the wallet's balance. Returns the fen taken back.
 */
export async function reverseOrderCashBack(
  tx: DbOrTx,
  order: { id: number; orderNo: string; userId: number; paidFen: number },
  refundedFen: number,
): Promise<number> {
  const [credit] = await tx
    .select()
    .from(cashBackCredits)
    .where(eq(cashBackCredits.orderId, order.id))
    .for('update');
  if (!credit) return 0;
  const due = cashBackReversal(credit, { paidFen: order.paidFen, refundedFen });
  if (due <= 0) return 0;
  const take = Math.min(due, (await walletRow(tx, order.userId)).balanceFen);
  if (take <= 0) return 0;
  const [taken] = await tx
    .update(cashBackCredits)
    .set({ reversedFen: sql`${cashBackCredits.reversedFen} + ${take}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(cashBackCredits.id, credit.id),
        sql`${cashBackCredits.reversedFen} + ${take} <= ${cashBackCredits.creditFen}`,
      ),
    )
    .returning({ id: cashBackCredits.id });
  if (!taken) return 0;
  await moveBalance(
    tx,
    order.userId,
    -take,
    USE_TYPE.cashBackReversal,
    `订单${order.orderNo}售后退款扣回返现${toYuan(take).toFixed(2)}元`,
    { orderId: order.id },
  );
  return take;
}
