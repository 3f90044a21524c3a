import { couponKindLabels, rankCoupons, toYuan } from '@yaocai/domain';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { coupons, userCoupons } from '../../db/schema';
import type { BuyerCtx } from '../../lib/context';
import { loadCheckout, toDomainCoupon } from '../order/checkout';
import { loadOrderSettings } from '../order/settings';

/** type 1 优惠券 (满减 and 折扣), 2 现金券; anything else: all. */
const kindsOf = (type?: number) => (type === 1 ? ['amount_off', 'discount'] : type === 2 ? ['cash'] : null);

type Row = { uc: typeof userCoupons.$inferSelect; c: typeof coupons.$inferSelect };

function couponView({ uc, c }: Row, now: Date) {
  const expired = uc.status === 'expired' || (uc.status === 'unused' && !!c.expiresAt && c.expiresAt < now);
  return {
    id: uc.id,
    coupon_id: c.id,
    name: c.name,
    kind: c.kind,
    kind_label: couponKindLabels[c.kind as keyof typeof couponKindLabels] ?? c.kind,
    threshold: toYuan(c.thresholdFen),
    amount: toYuan(c.amountFen),
    rate_percent: c.ratePercent,
    starts_at: c.startsAt ? Math.floor(c.startsAt.getTime() / 1000) : null,
    expires_at: c.expiresAt ? Math.floor(c.expiresAt.getTime() / 1000) : null,
    status: expired ? 'expired' : uc.status,
    order_id: uc.orderId,
  };
}

/** Coupons the store holds: status 1 unused, 2 used, 3 expired. */
export async function myCoupons(ctx: BuyerCtx, q: { page: number; type?: number; status?: number }) {
  const { db, now } = ctx;
  const { userId } = ctx.actor;
  const where: SQL[] = [eq(userCoupons.userId, userId)];
  const kinds = kindsOf(q.type);
  if (kinds) where.push(inArray(coupons.kind, kinds));
  if (q.status === 1)
    where.push(
      eq(userCoupons.status, 'unused'),
      sql`(${coupons.expiresAt} is null or ${coupons.expiresAt} >= ${now})`,
    );
  if (q.status === 2) where.push(eq(userCoupons.status, 'used'));
  if (q.status === 3)
    where.push(
      sql`(${userCoupons.status} = 'expired' or (${userCoupons.status} = 'unused' and ${coupons.expiresAt} < ${now}))`,
    );
  const pageSize = 20;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ uc: userCoupons, c: coupons })
      .from(userCoupons)
      .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
      .where(and(...where))
      .orderBy(desc(userCoupons.id))
      .limit(pageSize)
      .offset((q.page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(userCoupons)
      .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
      .where(and(...where)),
  ]);
  return {
    list: rows.map((r) => couponView(r, now)),
    total: Number(total),
    page: q.page,
    page_size: pageSize,
  };
}

export async function couponCounts(ctx: BuyerCtx) {
  const { db, now } = ctx;
  const { userId } = ctx.actor;
  const rows = await db
    .select({ kind: coupons.kind, n: count() })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(
      and(
        eq(userCoupons.userId, userId),
        eq(userCoupons.status, 'unused'),
        sql`(${coupons.expiresAt} is null or ${coupons.expiresAt} >= ${now})`,
      ),
    )
    .groupBy(coupons.kind);
  const n = (k: string[]) => rows.filter((r) => k.includes(r.kind)).reduce((s, r) => s + Number(r.n), 0);
  return { coupon: n(['amount_off', 'discount']), cash: n(['cash']) };
}

/**
 * Coupons usable on the selected cart lines (verify order): every unused coupon checked by
 * packages/domain rankCoupons, applicable ones first with their discount, the rest with why not.
 */
export async function availableCoupons(ctx: BuyerCtx, q: { type?: number; ids?: number[] }) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  const kinds = kindsOf(q.type);
  const rows = await db
    .select({ uc: userCoupons, c: coupons })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(
      and(
        eq(userCoupons.userId, userId),
        eq(userCoupons.status, 'unused'),
        sql`(${coupons.remainingUses} is null or ${coupons.remainingUses} > 0)`,
        ...(kinds ? [inArray(coupons.kind, kinds)] : []),
      ),
    )
    .orderBy(desc(userCoupons.id));
  if (!q.ids?.length)
    return {
      list: rows.map((r) => ({ ...couponView(r, ctx.now), applicable: null, discount: 0, reason: null })),
    };
  const checkout = await loadCheckout(ctx, { ids: q.ids }, await loadOrderSettings(db));
  const lines = checkout.cart.lines.map((l) => ({
    id: l.id,
    goodsId: l.goodsId,
    amountFen: l.amountFen - l.lineReductionFen - l.reductionShareFen,
    withCoupon: l.withCoupon,
  }));
  const checks = rankCoupons(
    rows.map((r) => toDomainCoupon(r.uc.id, r.c)),
    lines,
    Math.floor(ctx.now.getTime() / 1000),
  );
  const byId = new Map(rows.map((r) => [r.uc.id, r]));
  return {
    list: checks.map((check) => {
      const row = byId.get(Number(check.couponId)) as Row;
      return {
        ...couponView(row, ctx.now),
        applicable: check.applicable,
        discount: check.applicable ? toYuan(check.discountFen) : 0,
        reason: check.applicable ? null : check.message,
      };
    }),
  };
}
