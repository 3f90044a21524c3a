import {
  beijingStartOf,
  beijingToday,
  earnRateFor,
  pointsEarned,
  pointsExpiring,
  pointsExpiryCutoff,
  pointsReversed,
} from '@yaocai/domain';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { pointsLog } from '../../db/schema/points';
import type { BuyerCtx } from '../../lib/context';
import { pointsHolders, pointsStanding } from '../account/points-balance';
import { loadOrderSettings } from '../order/settings';
import { movePoints } from './ledger';

// The points ledger: every change of a store's points is a points_log row with its reason and
// the balance after (movePoints, one guarded statement), so the balance is the ledger's sum.
// Orders earn points when received, by the rule in 站点设置 (points per yuan paid); a refund
// takes back the share it refunds, never more than the store still holds.

export const EARN_REASON = '订单完成赠送积分';
export const REVERSE_REASON = '售后退款扣回积分';

/** Points an order earned when received (0 if none), from its ledger rows. */
async function earnedBy(tx: DbOrTx, userId: number, orderId: number, reason: string) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${pointsLog.change}), 0)::int` })
    .from(pointsLog)
    .where(and(eq(pointsLog.userId, userId), eq(pointsLog.orderId, orderId), eq(pointsLog.reason, reason)));
  return row?.n ?? 0;
}

/** Gives a received order its points by its store's rank, once (in the transaction that receives it). */
export async function awardOrderPoints(
  tx: DbOrTx,
  order: { id: number; userId: number; paidFen: number; refundedFen: number },
) {
  if ((await earnedBy(tx, order.userId, order.id, EARN_REASON)) > 0) return 0;
  const u = await pointsStanding(tx, order.userId);
  const rate = earnRateFor(u?.rank ?? '', await loadOrderSettings(tx));
  const n = pointsEarned(order.paidFen - order.refundedFen, rate);
  if (n > 0) await movePoints(tx, order.userId, n, EARN_REASON, order.id);
  return n;
}

/**
 * After a refund of a received order: takes back the refunded share of the points it earned
 * (rounded up), less what was already taken back, at most the store's balance (the ledger row
 * says so when the store had spent them).
 */
export async function reverseOrderPoints(
  tx: DbOrTx,
  order: { id: number; userId: number; paidFen: number },
  refundedFen: number,
) {
  const earned = await earnedBy(tx, order.userId, order.id, EARN_REASON);
  if (earned <= 0) return 0;
  const already = -(await earnedBy(tx, order.userId, order.id, REVERSE_REASON));
  const due = pointsReversed(earned, order.paidFen, refundedFen) - already;
  if (due <= 0) return 0;
  const u = await pointsStanding(tx, order.userId, { lock: true });
  const n = Math.min(due, u?.points ?? 0);
  if (n > 0) await movePoints(tx, order.userId, -n, REVERSE_REASON, order.id);
  return n;
}

/**
 * Expires unused points once the year's expiry day (站点设置 points.expire_on) has come: per
 * store, what it earned before 1 January less everything ever taken out (domain
 * pointsExpiring), as one ledger row, in its own transaction with the store's row locked.
 * Idempotent: a second run finds nothing left to expire. Returns how many stores lost points.
 */
export async function expirePoints(db: Db, now: Date): Promise<number> {
  const { pointsExpireOn } = await loadOrderSettings(db);
  const cutoffDay = pointsExpiryCutoff(beijingToday(now), pointsExpireOn);
  if (!cutoffDay) return 0;
  const cutoff = beijingStartOf(cutoffDay);
  const holders = await pointsHolders(db);
  let expired = 0;
  for (const { id } of holders) {
    await db.transaction(async (tx) => {
      const u = await pointsStanding(tx, id, { lock: true });
      const [row] = await tx
        .select({
          earned: sql<number>`coalesce(sum(${pointsLog.change}) filter (where ${pointsLog.change} > 0 and ${pointsLog.createdAt} < ${cutoff.toISOString()}::timestamptz), 0)::int`,
          out: sql<number>`coalesce(-sum(${pointsLog.change}) filter (where ${pointsLog.change} < 0), 0)::int`,
        })
        .from(pointsLog)
        .where(eq(pointsLog.userId, id));
      const n = Math.min(u?.points ?? 0, pointsExpiring(row?.earned ?? 0, row?.out ?? 0));
      if (n <= 0) return;
      await movePoints(tx, id, -n, `积分过期（${Number(cutoffDay.slice(0, 4)) - 1}年及以前获得）`);
      expired++;
    });
  }
  return expired;
}

/** GET /api/user/points: the store's balance and its ledger, newest first. */
export async function pointsHistory(ctx: BuyerCtx, q: { page: number; page_size: number }) {
  const where = eq(pointsLog.userId, ctx.actor.userId);
  const [rows, [total], u] = await Promise.all([
    ctx.db
      .select()
      .from(pointsLog)
      .where(where)
      .orderBy(desc(pointsLog.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db.select({ n: count() }).from(pointsLog).where(where),
    pointsStanding(ctx.db, ctx.actor.userId),
  ]);
  const settings = await loadOrderSettings(ctx.db);
  return {
    balance: u?.points ?? 0,
    earn_per_yuan: earnRateFor(u?.rank ?? '', settings),
    points_per_yuan: settings.points.pointsPerYuan,
    expire_on: settings.pointsExpireOn,
    list: rows.map((r) => ({
      id: r.id,
      change: r.change,
      balance_after: r.balanceAfter,
      reason: r.reason,
      order_id: r.orderId,
      created_at: Math.floor(r.createdAt.getTime() / 1000),
    })),
    total: total?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
  };
}
