import {
  type AdminCouponView,
  type CouponAction,
  type CouponStatus,
  type CouponTemplateBody,
  couponActions,
  couponStatusLabels,
  fromYuan,
  toYuan,
} from '@yaocai/domain';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { coupons, userCoupons } from '../../db/schema/promotion';
import type { OperatorCtx } from '../../lib/context';
import { notFound, refusal } from '../../lib/errors';
import { storeBriefsOf } from '../account/briefs';
import { audit } from '../audit/service';
import { ordersOfHeldCoupons } from '../order/queries';
import { type CouponRow, couponTermsView } from './service';

// The console's coupons (优惠券管理, promotions:write): list with claims, uses and sales;
// create and edit; publish, pause, resume, end; each coupon's claims. Every write audited.

const heldStatusLabels: Record<string, string> = { unused: '未使用', used: '已使用', expired: '已过期' };
const sourceLabels: Record<string, string> = {
  centre: '领券中心',
  new_buyer: '新人礼包',
  lottery: '抽奖',
  points: '积分兑换',
  grant: '系统发放',
};

function adminView(c: CouponRow, stats: { used: number; salesFen: number }): AdminCouponView {
  return {
    ...couponTermsView(c),
    status: c.status as CouponStatus,
    status_label: couponStatusLabels[c.status as CouponStatus] ?? c.status,
    scope: {
      all: !!c.coverage.all,
      goods_ids: [...(c.coverage.goodsIds ?? [])],
      category_ids: [...(c.coverage.categoryIds ?? [])],
      brand_ids: [...(c.coverage.brandIds ?? [])],
    },
    validity: c.validDays ? 'days' : 'fixed',
    valid_from: c.validFrom,
    valid_to: c.validTo,
    valid_days: c.validDays,
    total_quota: c.totalQuota,
    per_store_limit: c.perStoreLimit,
    claim_from: c.claimFrom,
    claim_to: c.claimTo,
    in_centre: c.inCentre,
    new_buyer: c.newBuyer,
    claimed: c.claimed,
    used: stats.used,
    sales: toYuan(stats.salesFen),
  };
}

/** Uses and sales of coupons: held coupons used, and the orders that used them. */
async function statsOf(db: DbOrTx, couponIds: number[]) {
  const stats = new Map<number, { used: number; salesFen: number }>(
    couponIds.map((id) => [id, { used: 0, salesFen: 0 }]),
  );
  if (couponIds.length === 0) return stats;
  const used = await db
    .select({ id: userCoupons.id, couponId: userCoupons.couponId })
    .from(userCoupons)
    .where(and(eq(userCoupons.status, 'used'), inArray(userCoupons.couponId, couponIds)));
  const mine = used;
  const orders = await ordersOfHeldCoupons(
    db,
    mine.map((u) => u.id),
  );
  for (const u of mine) {
    const s = stats.get(u.couponId) as { used: number; salesFen: number };
    s.used += 1;
    s.salesFen += orders.get(u.id)?.paidFen ?? 0;
  }
  return stats;
}

export async function listAdminCoupons(ctx: OperatorCtx) {
  const rows = await ctx.db.select().from(coupons).orderBy(desc(coupons.id));
  const stats = await statsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((c) => adminView(c, stats.get(c.id) ?? { used: 0, salesFen: 0 }));
}

function values(body: CouponTemplateBody) {
  const days = body.validity === 'days';
  return {
    name: body.name,
    kind: body.kind,
    thresholdFen: fromYuan(body.threshold),
    amountFen: body.kind === 'discount' ? 0 : fromYuan(body.amount),
    ratePercent: body.kind === 'discount' ? body.rate_percent : null,
    maxDiscountFen: body.kind === 'discount' ? fromYuan(body.max_discount) : 0,
    coverage: body.scope.all
      ? { all: true }
      : {
          goodsIds: body.scope.goods_ids,
          categoryIds: body.scope.category_ids,
          brandIds: body.scope.brand_ids,
        },
    excludeSpecial: body.exclude_special,
    validFrom: days ? null : body.valid_from,
    validTo: days ? null : body.valid_to,
    validDays: days ? body.valid_days : null,
    totalQuota: body.total_quota,
    perStoreLimit: body.per_store_limit,
    claimFrom: body.claim_from,
    claimTo: body.claim_to,
    inCentre: body.in_centre,
    newBuyer: body.new_buyer,
  };
}

/** Creates (as a draft) or edits a coupon. A quota below what is already claimed is refused. */
export async function saveCoupon(ctx: OperatorCtx, id: number | null, body: CouponTemplateBody) {
  return ctx.db.transaction(async (tx) => {
    let row: CouponRow;
    let before: CouponRow | null = null;
    if (id === null) {
      [row] = await tx
        .insert(coupons)
        .values({ ...values(body), status: 'draft', createdAt: ctx.now })
        .returning();
    } else {
      [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      if (!before) throw notFound('优惠券不存在');
      if (before.status === 'ended') throw refusal('已结束的优惠券不能修改');
      if (body.total_quota !== null && body.total_quota < before.claimed)
        throw refusal(`发放总量不能少于已领取的${before.claimed}张`, 422);
      [row] = await tx.update(coupons).set(values(body)).where(eq(coupons.id, id)).returning();
    }
    await audit(tx, ctx, {
      action: id === null ? 'coupon.create' : 'coupon.update',
      target: { type: 'coupon', id: row.id },
      before,
      after: row,
    });
    const stats = await statsOf(tx, [row.id]);
    return adminView(row, stats.get(row.id) ?? { used: 0, salesFen: 0 });
  });
}

/** Publishes, pauses, resumes or ends a coupon (couponActions says from which status). */
export async function changeCouponStatus(ctx: OperatorCtx, id: number, action: CouponAction) {
  return ctx.db.transaction(async (tx) => {
    const [c] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!c) throw notFound('优惠券不存在');
    const step = couponActions[action];
    if (!(step.from as readonly string[]).includes(c.status))
      throw refusal(`${couponStatusLabels[c.status as CouponStatus] ?? c.status}的优惠券不能${step.label}`);
    const [row] = await tx.update(coupons).set({ status: step.to }).where(eq(coupons.id, id)).returning();
    // Pausing stops claims only; ending the coupon also voids what stores hold unused (they read
    // 已过期 from now on). Used ones stay used, and one given back by a cancelled order later
    // comes back already expired.
    const voided =
      step.to === 'ended'
        ? await tx
            .update(userCoupons)
            .set({
              status: 'expired',
              validTo: sql`least(coalesce(${userCoupons.validTo}, ${ctx.now}), ${ctx.now})`,
            })
            .where(and(eq(userCoupons.couponId, id), eq(userCoupons.status, 'unused')))
            .returning({ id: userCoupons.id })
        : [];
    await audit(tx, ctx, {
      action: 'coupon.status',
      target: { type: 'coupon', id },
      before: { status: c.status },
      after: { status: row.status, ...(step.to === 'ended' ? { voided: voided.length } : {}) },
    });
    const stats = await statsOf(tx, [id]);
    return adminView(row, stats.get(id) ?? { used: 0, salesFen: 0 });
  });
}

/** A coupon's claims: who holds it, from where, and the order that used it. */
export async function couponClaims(ctx: OperatorCtx, id: number, page: number) {
  const [c] = await ctx.db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id));
  if (!c) throw notFound('优惠券不存在');
  const pageSize = 20;
  const where = eq(userCoupons.couponId, id);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ uc: userCoupons })
      .from(userCoupons)
      .where(where)
      .orderBy(desc(userCoupons.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ total: count() }).from(userCoupons).where(where),
  ]);
  const [orders, stores] = await Promise.all([
    ordersOfHeldCoupons(
      ctx.db,
      rows.filter((r) => r.uc.status === 'used').map((r) => r.uc.id),
    ),
    storeBriefsOf(
      ctx.db,
      rows.map((r) => r.uc.userId),
    ),
  ]);
  return {
    list: rows.map(({ uc }) => {
      const order = orders.get(uc.id);
      const store = stores.get(uc.userId);
      return {
        id: uc.id,
        store_name: store?.storeName ?? '',
        phone: store?.phone ?? '',
        source: sourceLabels[uc.source] ?? uc.source,
        status: uc.status,
        status_label: heldStatusLabels[uc.status] ?? uc.status,
        claimed_at: Math.floor(uc.createdAt.getTime() / 1000),
        valid_to: uc.validTo ? Math.floor(uc.validTo.getTime() / 1000) : null,
        order_no: order?.orderNo ?? null,
        order_amount: order ? toYuan(order.totalFen) : null,
      };
    }),
    total: Number(total),
    page,
    page_size: pageSize,
  };
}
