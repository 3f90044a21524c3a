import {
  type Coupon,
  type CouponValidity,
  claimValidity,
  couponKindLabels,
  coverageText,
  type PricedCart,
  rankCoupons,
  toYuan,
  validityText,
} from '@yaocai/domain';
import { and, count, desc, eq, gt, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { coupons, userCoupons } from '../../db/schema/promotion';
import type { BuyerCtx } from '../../lib/context';
import { notFound, refusal } from '../../lib/errors';
import { coverageFactsOf } from '../catalog/coverage';

// The coupons a store holds and their life cycle: granted (claimed, new-buyer pack, prize,
// reward), used by an order, given back when the order is cancelled. The order module calls
// heldCoupon / consumeCoupon / giveBackCoupon; only this module writes the coupon tables.

/** type 1 优惠券 (满减 and 折扣), 2 现金券; anything else: all. */
const kindsOf = (type?: number) => (type === 1 ? ['amount_off', 'discount'] : type === 2 ? ['cash'] : null);

export type CouponRow = typeof coupons.$inferSelect;
type Row = { uc: typeof userCoupons.$inferSelect; c: CouponRow };

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

export const validityOf = (c: CouponRow): CouponValidity =>
  c.validDays
    ? { kind: 'days', days: c.validDays }
    : { kind: 'fixed', from: c.validFrom ?? '2000-01-01', to: c.validTo ?? '2099-12-31' };

/** The validity of a coupon granted at `at`; a template without dates or days has no bounds. */
function templateValidity(c: CouponRow, at: Date): { from: Date | null; to: Date | null } {
  if (!c.validDays && !c.validFrom && !c.validTo) return { from: null, to: null };
  return claimValidity(validityOf(c), at);
}

/** A held coupon's validity: its own, else (rows granted before claims had one) the template's. */
const heldValidity = ({ uc, c }: Row) =>
  uc.validFrom || uc.validTo ? { from: uc.validFrom, to: uc.validTo } : templateValidity(c, uc.createdAt);

/** How a coupon's terms read (centre, lists, console). */
export function couponTermsView(c: CouponRow) {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind as Coupon['kind'],
    kind_label: couponKindLabels[c.kind as Coupon['kind']] ?? c.kind,
    threshold: toYuan(c.thresholdFen),
    amount: toYuan(c.amountFen),
    rate_percent: c.ratePercent,
    max_discount: toYuan(c.maxDiscountFen),
    scope_text: coverageText(c.coverage),
    exclude_special: c.excludeSpecial,
    validity_text: validityText(validityOf(c)),
  };
}

function couponView(row: Row, now: Date) {
  const { uc, c } = row;
  const v = heldValidity(row);
  const expired = uc.status === 'expired' || (uc.status === 'unused' && !!v.to && v.to < now);
  return {
    id: uc.id,
    coupon_id: c.id,
    name: c.name,
    kind: c.kind,
    kind_label: couponKindLabels[c.kind as Coupon['kind']] ?? c.kind,
    threshold: toYuan(c.thresholdFen),
    amount: toYuan(c.amountFen),
    rate_percent: c.ratePercent,
    max_discount: toYuan(c.maxDiscountFen),
    scope_text: coverageText(c.coverage),
    exclude_special: c.excludeSpecial,
    starts_at: seconds(v.from),
    expires_at: seconds(v.to),
    status: expired ? 'expired' : uc.status,
    order_id: uc.orderId,
  };
}

/** The rule's coupon for a held coupon (its id is the held coupon's). */
export function toDomainCoupon(row: Row): Coupon {
  const { uc, c } = row;
  const v = heldValidity(row);
  const base = {
    id: uc.id,
    name: c.name,
    thresholdFen: c.thresholdFen,
    validFrom: seconds(v.from) ?? undefined,
    validTo: seconds(v.to) ?? undefined,
    coverage: c.coverage,
    excludeSpecial: c.excludeSpecial,
  };
  if (c.kind === 'discount')
    return { ...base, kind: 'discount', ratePercent: c.ratePercent ?? 100, maxDiscountFen: c.maxDiscountFen };
  if (c.kind === 'cash') return { ...base, kind: 'cash', amountFen: c.amountFen };
  return { ...base, kind: 'amount_off', amountFen: c.amountFen };
}

/** Whether a held coupon's rule needs the lines' category and brand facts. */
export const needsFacts = (coupon: Coupon) =>
  !!coupon.coverage && !(coupon.coverage.all && !coupon.coverage.excludeGoodsIds?.length);

const validNow = (now: Date) => or(isNull(userCoupons.validTo), sql`${userCoupons.validTo} >= ${now}`);

/** Coupons the store holds: status 1 unused, 2 used, 3 expired. */
export async function myCoupons(ctx: BuyerCtx, q: { page: number; type?: number; status?: number }) {
  const { db, now } = ctx;
  const { userId } = ctx.actor;
  const where: SQL[] = [eq(userCoupons.userId, userId)];
  const kinds = kindsOf(q.type);
  if (kinds) where.push(inArray(coupons.kind, kinds));
  if (q.status === 1) where.push(eq(userCoupons.status, 'unused'), validNow(now) as SQL);
  if (q.status === 2) where.push(eq(userCoupons.status, 'used'));
  if (q.status === 3)
    where.push(
      or(
        eq(userCoupons.status, 'expired'),
        and(eq(userCoupons.status, 'unused'), lt(userCoupons.validTo, now)),
      ) as SQL,
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
  const rows = await db
    .select({ kind: coupons.kind, n: count() })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(and(eq(userCoupons.userId, ctx.actor.userId), eq(userCoupons.status, 'unused'), validNow(now)))
    .groupBy(coupons.kind);
  const n = (k: string[]) => rows.filter((r) => k.includes(r.kind)).reduce((s, r) => s + Number(r.n), 0);
  return { coupon: n(['amount_off', 'discount']), cash: n(['cash']) };
}

/**
 * Coupons usable on the selected cart lines (step 2's picker): every unused coupon checked by
 * the coupon rule, applicable ones first with their discount, the rest with why not
 * (未达到门槛 还差¥x, 不在适用范围, 已过期, 未开始, 特价商品不参与).
 */
export async function availableCoupons(
  ctx: BuyerCtx,
  q: { type?: number; ids?: number[] },
  /**
   * The checkout of the selected lines (the order module's loadCheckout), passed in by the route:
   * the order module uses this one's coupons, so this one does not import it back.
   */
  checkoutOf: (ids: number[]) => Promise<{ cart: PricedCart }>,
) {
  const { db } = ctx;
  const kinds = kindsOf(q.type);
  const rows = await db
    .select({ uc: userCoupons, c: coupons })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(
      and(
        eq(userCoupons.userId, ctx.actor.userId),
        eq(userCoupons.status, 'unused'),
        ...(kinds ? [inArray(coupons.kind, kinds)] : []),
      ),
    )
    .orderBy(desc(userCoupons.id));
  if (!q.ids?.length)
    return {
      list: rows.map((r) => ({ ...couponView(r, ctx.now), applicable: null, discount: 0, reason: null })),
    };
  const checkout = await checkoutOf(q.ids);
  const domain = rows.map(toDomainCoupon);
  const facts = domain.some(needsFacts)
    ? await coverageFactsOf(
        db,
        checkout.cart.lines.map((l) => Number(l.goodsId)),
      )
    : undefined;
  const lines = checkout.cart.lines
    .filter((l) => l.selected)
    .map((l) => ({
      id: l.id,
      goodsId: l.goodsId,
      amountFen: l.amountFen - l.lineReductionFen - l.reductionShareFen,
      withCoupon: l.withCoupon,
      specialKind: l.special?.kind ?? null,
      fullReduction: l.reductionShareFen > 0,
      facts: facts?.get(Number(l.goodsId)),
    }));
  const checks = rankCoupons(domain, lines, Math.floor(ctx.now.getTime() / 1000));
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

/** A held coupon for checkout: 404 for another store's, refused when used or expired. */
export async function heldCoupon(db: DbOrTx, userId: number, userCouponId: number): Promise<Coupon> {
  const [row] = await db
    .select({ uc: userCoupons, c: coupons })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(and(eq(userCoupons.id, userCouponId), eq(userCoupons.userId, userId)));
  if (!row) throw notFound('优惠券不存在');
  if (row.uc.status === 'used') throw refusal('优惠券已使用');
  if (row.uc.status === 'expired') throw refusal('优惠券已过期');
  return toDomainCoupon(row);
}

/** Marks a held coupon used by an order, in the order's transaction; refuses one already used. */
export async function consumeCoupon(
  tx: DbOrTx,
  held: { userId: number; userCouponId: number; orderId: number },
  now: Date,
) {
  const [uc] = await tx
    .update(userCoupons)
    .set({ status: 'used', orderId: held.orderId, usedAt: now })
    .where(
      and(
        eq(userCoupons.id, held.userCouponId),
        eq(userCoupons.userId, held.userId),
        eq(userCoupons.status, 'unused'),
        validNow(now),
      ),
    )
    .returning({ id: userCoupons.id });
  if (!uc) throw refusal('优惠券已使用或已过期');
}

/**
 * Gives a cancelled or expired order's coupon back, once: the row must still name the order, and
 * the update clears it. It is unused again while valid, else expired.
 */
export async function giveBackCoupon(tx: DbOrTx, order: { id: number; userCouponId: number }, now: Date) {
  const [uc] = await tx
    .update(userCoupons)
    .set({
      status: sql`case when ${userCoupons.validTo} is not null and ${userCoupons.validTo} < ${now} then 'expired' else 'unused' end`,
      orderId: null,
      usedAt: null,
    })
    .where(
      and(
        eq(userCoupons.id, order.userCouponId),
        eq(userCoupons.orderId, order.id),
        eq(userCoupons.status, 'used'),
      ),
    )
    .returning({ status: userCoupons.status });
  return uc?.status ?? null;
}

/**
 * Gives a store a coupon with its own validity (prizes, rewards, new-buyer pack, the centre's
 * claim after its checks). Counts against the template's claims.
 */
export async function grantCoupon(
  tx: DbOrTx,
  grant: { userId: number; coupon: CouponRow; source: string },
  now: Date,
) {
  const v = templateValidity(grant.coupon, now);
  const [row] = await tx
    .insert(userCoupons)
    .values({
      userId: grant.userId,
      couponId: grant.coupon.id,
      source: grant.source,
      validFrom: v.from,
      validTo: v.to,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (row)
    await tx
      .update(coupons)
      .set({ claimed: sql`${coupons.claimed} + 1` })
      .where(eq(coupons.id, grant.coupon.id));
  return row ?? null;
}

/** Unused held coupons whose validity ends in (from, to], for the reminder sweep. */
export function heldCouponsEnding(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({
      id: userCoupons.id,
      userId: userCoupons.userId,
      name: coupons.name,
      validTo: userCoupons.validTo,
    })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(
      and(eq(userCoupons.status, 'unused'), gt(userCoupons.validTo, from), lte(userCoupons.validTo, to)),
    );
}

/** grantCoupon by template id (prizes, rewards); 404 when the template is gone. */
export async function grantCouponById(
  tx: DbOrTx,
  grant: { userId: number; couponId: number; source: string },
  now: Date,
) {
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, grant.couponId));
  if (!coupon) throw notFound('优惠券不存在');
  const row = await grantCoupon(tx, { userId: grant.userId, coupon, source: grant.source }, now);
  if (!row) throw refusal('优惠券已发放');
  return row;
}
