import { beijingToday, type CouponCentreItem, centreStateLabels } from '@yaocai/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { coupons, userCoupons } from '../../db/schema/promotion';
import type { BuyerCtx, ViewerCtx } from '../../lib/context';
import { eligibilityOf, refusalError } from '../../lib/eligibility';
import { notFound, refusal } from '../../lib/errors';
import { notify } from '../message/service';
import { type CouponRow, couponTermsView, grantCoupon } from './service';

// The coupon centre (领券中心 /lqzx): active coupons shown there, each with its remaining quota
// and this store's state; a claim takes one within the quota and the store's limit, under the
// template's row lock, so concurrent claims never pass either. And the new-buyer pack (新人券),
// given to each store of a company when 质管 approves it, once.

const dayStart = (d: string | null) => (d ? Math.floor(Date.parse(`${d}T00:00:00+08:00`) / 1000) : null);

function stateOf(c: CouponRow, mine: number, today: string, visitor: boolean): CouponCentreItem['state'] {
  if (c.claimFrom && today < c.claimFrom) return 'not_started';
  if (mine >= c.perStoreLimit) return 'claimed';
  if (c.totalQuota !== null && c.claimed >= c.totalQuota) return 'sold_out';
  return visitor ? 'login' : 'claimable';
}

export async function couponCentre(ctx: ViewerCtx): Promise<{ list: CouponCentreItem[] }> {
  const today = beijingToday(ctx.now);
  const rows = (
    await ctx.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.inCentre, true), eq(coupons.status, 'active')))
      .orderBy(asc(coupons.id))
  ).filter((c) => !c.claimTo || c.claimTo >= today);
  const userId = ctx.actor.kind === 'buyer' ? ctx.actor.userId : null;
  const mine = new Map<number, number>();
  if (userId && rows.length) {
    const held = await ctx.db
      .select({ couponId: userCoupons.couponId, n: count() })
      .from(userCoupons)
      .where(
        and(
          eq(userCoupons.userId, userId),
          inArray(
            userCoupons.couponId,
            rows.map((r) => r.id),
          ),
        ),
      )
      .groupBy(userCoupons.couponId);
    for (const h of held) mine.set(h.couponId, Number(h.n));
  }
  return {
    list: rows.map((c) => {
      const state = stateOf(c, mine.get(c.id) ?? 0, today, userId === null);
      const remaining = c.totalQuota === null ? null : Math.max(0, c.totalQuota - c.claimed);
      return {
        ...couponTermsView(c),
        total_quota: c.totalQuota,
        remaining,
        claimed_percent: c.totalQuota ? Math.min(100, Math.floor((c.claimed * 100) / c.totalQuota)) : 0,
        per_store_limit: c.perStoreLimit,
        my_claimed: mine.get(c.id) ?? 0,
        claim_from: dayStart(c.claimFrom),
        state,
        state_label: centreStateLabels[state],
      };
    }),
  };
}

/**
 * Claims a coupon from the centre for the store. One transaction: the template row is locked,
 * then the quota, the claim window and the store's count are judged and the coupon granted, so
 * 200 concurrent claims for a quota of 30 give exactly 30 and no store passes its limit.
 */
export async function receiveCoupon(ctx: BuyerCtx, couponId: number) {
  const refused = eligibilityOf(ctx).buy;
  if (refused) throw refusalError(refused);
  const today = beijingToday(ctx.now);
  return ctx.db.transaction(async (tx) => {
    const [c] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
    if (!c?.inCentre || c.status === 'draft') throw notFound('优惠券不存在');
    if (c.status !== 'active') throw refusal(c.status === 'paused' ? '该券已暂停发放' : '该券已停止发放');
    if (c.claimFrom && today < c.claimFrom) throw refusal('该券尚未开始领取');
    if (c.claimTo && today > c.claimTo) throw refusal('该券领取已结束');
    if (c.totalQuota !== null && c.claimed >= c.totalQuota) throw refusal('该券已抢光');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(userCoupons)
      .where(and(eq(userCoupons.userId, ctx.actor.userId), eq(userCoupons.couponId, c.id)));
    if (Number(n) >= c.perStoreLimit) throw refusal(`每店限领${c.perStoreLimit}张，您已领取`);
    const held = await grantCoupon(tx, { userId: ctx.actor.userId, coupon: c, source: 'centre' }, ctx.now);
    if (!held) throw refusal('领取失败，请重试');
    return { id: held.id, valid_to: held.validTo ? Math.floor(held.validTo.getTime() / 1000) : null };
  });
}

/**
 * Gives each store the active new-buyer coupons, once per store and coupon (a unique index on
 * new-buyer grants), and tells the stores that received any. Runs in the approval's transaction.
 */
export async function grantNewBuyerPack(tx: DbOrTx, storeIds: readonly number[], now: Date) {
  if (storeIds.length === 0) return 0;
  const pack = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.newBuyer, true), eq(coupons.status, 'active')))
    .orderBy(asc(coupons.id));
  let given = 0;
  for (const userId of storeIds) {
    const got: string[] = [];
    for (const coupon of pack) {
      if (await grantCoupon(tx, { userId, coupon, source: 'new_buyer' }, now)) got.push(coupon.name);
    }
    if (got.length === 0) continue;
    given += got.length;
    await notify(
      tx,
      {
        userId,
        category: 'promotion',
        title: '新人礼券已到账',
        body: `欢迎加入药采！${got.length}张新人券已放入您的账户：${got.join('、')}。`,
        link: '/yhq',
        dedupeKey: 'coupon:new_buyer',
      },
      now,
    );
  }
  return given;
}
