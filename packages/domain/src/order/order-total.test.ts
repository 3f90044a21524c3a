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
});
