import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCart } from '../cart/price-cart';
import type { CartLineInput } from '../cart/schemas';
import type { Coupon } from '../promotion/rules/coupon';
import { orderTotal } from './order-total';

const now = 1_767_225_600;
const line = (
  id: number,
  basePriceFen: number,
  quantity: number,
  over: Partial<CartLineInput> = {},
): CartLineInput => ({
  id,
  goodsId: id + 100,
  quantity,
  selected: true,
  withCoupon: true,
  stock: 999,
  basePriceFen,
  ...over,
});

describe('orderTotal', () => {
  // ¥300 of 阿莫西林 + ¥120 of 复方甘草片 (no coupons), 满300减30, 满¥1000包邮.
  const cart = priceCart([line(1, 1500, 20), line(2, 1200, 10, { withCoupon: false })], {
    fullReductionTiers: [{ amountFen: 30000, reductionFen: 3000 }],
    shipping: { thresholdFen: 100000 },
  });

  it('adds it up: goods - full-reduction - coupon - points + shipping', () => {
    const coupon: Coupon = {
      id: 7,
      kind: 'amount_off',
      thresholdFen: 20000,
      amountFen: 2000,
      validTo: now + 3600,
    };
    const total = orderTotal(cart, {
      coupon,
      nowSeconds: now,
      points: { balance: 1000 },
      shippingFeeFen: 1500,
    });
    expect(total).toMatchObject({
      goodsFen: 42000,
      fullReductionFen: 3000,
      couponFen: 2000,
      pointsUsed: 1000,
      pointsFen: 1000,
      shippingFeeFen: 1500,
      totalFen: 42000 - 3000 - 2000 - 1000 + 1500,
      discountFen: 6000,
    });
    expect(total.coupon).toMatchObject({ applicable: true, eligibleAmountFen: 27000 });
  });
  it('measures the coupon after the full-reduction share, and refuses expired coupons', () => {
    const coupon: Coupon = { id: 8, kind: 'amount_off', thresholdFen: 30000, amountFen: 5000 };
    expect(orderTotal(cart, { coupon, nowSeconds: now, shippingFeeFen: 0 }).coupon).toMatchObject({
      reason: 'below_threshold',
    });
    const expired: Coupon = { id: 9, kind: 'cash', amountFen: 500, validTo: now - 1 };
    const total = orderTotal(cart, { coupon: expired, nowSeconds: now, shippingFeeFen: 1500 });
    expect(total).toMatchObject({ couponFen: 0, coupon: { reason: 'expired', message: '已过期' } });
  });
  it('charges no shipping when the threshold is met or every line ships free', () => {
    const met = priceCart([line(1, 50000, 2)], { shipping: { thresholdFen: 100000 } });
    expect(orderTotal(met, { nowSeconds: now, shippingFeeFen: 1500 }).shippingFeeFen).toBe(0);
    const single = priceCart([line(1, 100, 10, { freeShippingNumber: 10 })], {
      shipping: { thresholdFen: 100000 },
    });
    expect(orderTotal(single, { nowSeconds: now, shippingFeeFen: 1500 })).toMatchObject({
      shippingFeeFen: 0,
      totalFen: 1000,
    });
  });
  it('property: never negative, and the parts add up', () => {
    const couponArb: fc.Arbitrary<Coupon> = fc.oneof(
      fc.record({
        id: fc.constant(1),
        kind: fc.constant('cash' as const),
        amountFen: fc.integer({ min: 0, max: 1e6 }),
      }),
      fc.record({
        id: fc.constant(2),
        kind: fc.constant('discount' as const),
        ratePercent: fc.integer({ min: 0, max: 100 }),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 1, max: 50 }), fc.boolean()),
          { maxLength: 10 },
        ),
        fc.option(couponArb),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 0, max: 5000 }),
        (specs, coupon, balance, fee) => {
          const cart = priceCart(
            specs.map(([price, qty, withCoupon], i) => line(i + 1, price, qty, { withCoupon })),
            {
              fullReductionTiers: [{ amountFen: 10000, reductionFen: 20000 }],
              shipping: { thresholdFen: 50000 },
            },
          );
          const t = orderTotal(cart, { coupon, nowSeconds: now, points: { balance }, shippingFeeFen: fee });
          return (
            t.totalFen >= 0 &&
            t.totalFen - t.shippingFeeFen >= 0 &&
            t.goodsFen - t.discountFen + t.shippingFeeFen === t.totalFen
          );
        },
      ),
    );
  });

  // A cart of lines over 6 goods in 3 categories and 2 brands, some at a spike or welfare price,
  // several full-reduction activities, a coupon covering categories, brands or goods (optionally
  // 特价商品不参与), points and a shipping fee.
  const facts = (goodsId: number) => ({
    goodsId,
    categoryIds: [goodsId % 3],
    brandId: goodsId % 2,
    zones: [],
    ephedrine: false,
  });
  const coverageFacts = new Map([1, 2, 3, 4, 5, 6].map((g) => [g, facts(g)]));
  const specialArb = fc.oneof(
    fc.constant(undefined),
    fc.record({
      kind: fc.constant('special_price' as const),
      code: fc.constant('spike'),
      promotionId: fc.constant(9),
      label: fc.constant('秒杀'),
      unitPriceFen: fc.integer({ min: 0, max: 20_000 }),
      limit: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
    }),
    fc.record({
      kind: fc.constant('welfare' as const),
      code: fc.constant('welfare'),
      promotionId: fc.constant(4),
      label: fc.constant('全场94折'),
      ratePercent: fc.integer({ min: 1, max: 100 }),
    }),
  );
  const linesArb = fc
    .uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 12 })
    .chain((ids) =>
      fc.tuple(
        ...ids.map((id) =>
          fc.record({
            id: fc.constant(id),
            goodsId: fc.integer({ min: 1, max: 6 }),
            basePriceFen: fc.integer({ min: 0, max: 20_000 }),
            quantity: fc.integer({ min: 1, max: 30 }),
            withCoupon: fc.boolean(),
            special: specialArb,
          }),
        ),
      ),
    )
    .map((specs) =>
      specs.map(({ id, goodsId, basePriceFen, quantity, withCoupon, special }) =>
        line(id, basePriceFen, quantity, { goodsId, withCoupon, special }),
      ),
    );
  const coverageArb = fc.oneof(
    fc.constant({ all: true }),
    fc.record({ categoryIds: fc.subarray([0, 1, 2], { minLength: 1 }) }),
    fc.record({ brandIds: fc.subarray([0, 1], { minLength: 1 }) }),
    fc.record({ goodsIds: fc.subarray([1, 2, 3, 4, 5, 6], { minLength: 1 }) }),
  );
  const scopedCouponArb: fc.Arbitrary<Coupon> = fc.oneof(
    fc.record({
      id: fc.constant(1),
      kind: fc.constant('amount_off' as const),
      thresholdFen: fc.integer({ min: 0, max: 100_000 }),
      amountFen: fc.integer({ min: 0, max: 50_000 }),
      coverage: coverageArb,
      excludeSpecial: fc.boolean(),
    }),
    fc.record({
      id: fc.constant(2),
      kind: fc.constant('discount' as const),
      ratePercent: fc.integer({ min: 1, max: 99 }),
      maxDiscountFen: fc.integer({ min: 0, max: 50_000 }),
      coverage: coverageArb,
      excludeSpecial: fc.boolean(),
    }),
    fc.record({
      id: fc.constant(3),
      kind: fc.constant('cash' as const),
      amountFen: fc.integer({ min: 0, max: 50_000 }),
      coverage: coverageArb,
      excludeSpecial: fc.boolean(),
    }),
  );
  const activitiesArb = fc.record({
    fullReductionTiers: fc.array(
      fc.record({
        amountFen: fc.integer({ min: 0, max: 200_000 }),
        reductionFen: fc.integer({ min: 0, max: 50_000 }),
      }),
      { maxLength: 3 },
    ),
    shipping: fc.constant({ thresholdFen: 50_000 }),
  });

  it('property: with covered coupons and special lines, never negative, the parts add up, the coupon only on covered lines, whatever the line order', () => {
    fc.assert(
      fc.property(
        linesArb.chain((ls) => fc.tuple(fc.constant(ls), fc.shuffledSubarray(ls, { minLength: ls.length }))),
        activitiesArb,
        scopedCouponArb,
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 5000 }),
        ([lines, shuffled], activity, coupon, balance, fee) => {
          const options = {
            coupon,
            coverageFacts,
            nowSeconds: now,
            points: { balance },
            shippingFeeFen: fee,
          };
          const cart = priceCart(lines, activity);
          const t = orderTotal(cart, options);
          for (const f of [
            t.goodsFen,
            t.fullReductionFen,
            t.couponFen,
            t.pointsFen,
            t.shippingFeeFen,
            t.totalFen,
          ])
            expect(Number.isSafeInteger(f) && f >= 0).toBe(true);
          expect(t.goodsFen - t.fullReductionFen - t.couponFen - t.pointsFen + t.shippingFeeFen).toBe(
            t.totalFen,
          );
          expect(t.totalFen - t.shippingFeeFen).toBeGreaterThanOrEqual(0);
          if (t.coupon?.applicable) {
            const byId = new Map(cart.lines.map((l) => [l.id, l]));
            expect(t.coupon.sharesFen.reduce((s, x) => s + x, 0)).toBe(t.coupon.discountFen);
            for (const [i, id] of t.coupon.lineIds.entries()) {
              const l = byId.get(id);
              expect(l?.selected && l.withCoupon).toBe(true);
              const g = coverageFacts.get(Number(l?.goodsId));
              const c = coupon.coverage ?? { all: true };
              const covered =
                !!c.all ||
                !!c.goodsIds?.includes(g?.goodsId ?? -1) ||
                !!c.categoryIds?.some((x) => g?.categoryIds.includes(x)) ||
                !!c.brandIds?.includes(g?.brandId ?? -1);
              expect(covered).toBe(true);
              if (coupon.excludeSpecial) expect(l?.special?.kind === 'special_price').toBe(false);
              expect(t.coupon.sharesFen[i]).toBeGreaterThanOrEqual(0);
            }
          }
          // The same cart in another line order comes to the same total.
          const again = orderTotal(priceCart(shuffled, activity), options);
          expect({ ...again, coupon: null, applied: null }).toEqual({ ...t, coupon: null, applied: null });
        },
      ),
      { numRuns: 300 },
    );
  });
});
