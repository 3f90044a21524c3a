import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Coupon, type CouponLine, checkCoupon, couponDiscount, rankCoupons } from './coupon';

const now = 1_767_225_600; // 2026-01-01 08:00 +08:00
const lines: CouponLine[] = [
  { id: 1, goodsId: 101, amountFen: 12000, withCoupon: true }, // 阿莫西林胶囊
  { id: 2, goodsId: 102, amountFen: 8000, withCoupon: true }, // 板蓝根颗粒
  { id: 3, goodsId: 103, amountFen: 50000, withCoupon: false }, // 含麻 goods, no coupons
];

describe('checkCoupon', () => {
  it('applies 满200减20 to coupon-eligible lines only', () => {
    const coupon: Coupon = { id: 'c1', kind: 'amount_off', thresholdFen: 20000, amountFen: 2000 };
    expect(checkCoupon(coupon, lines, now)).toEqual({
      applicable: true,
      couponId: 'c1',
      eligibleAmountFen: 20000,
      discountFen: 2000,
      lineIds: [1, 2],
    });
  });
  it('refuses below the threshold and says how much is missing', () => {
    const coupon: Coupon = { id: 'c2', kind: 'amount_off', thresholdFen: 30000, amountFen: 3000 };
    expect(checkCoupon(coupon, lines, now)).toEqual({
      applicable: false,
      couponId: 'c2',
      reason: 'below_threshold',
      message: '未达到优惠券使用门槛，还差¥100.00',
      gapFen: 10000,
    });
  });
  it('limits a coupon to its goods', () => {
    const coupon: Coupon = { id: 'c3', kind: 'cash', amountFen: 1000, goodsIds: [102] };
    expect(checkCoupon(coupon, lines, now)).toMatchObject({
      applicable: true,
      eligibleAmountFen: 8000,
      lineIds: [2],
    });
    expect(checkCoupon({ ...coupon, goodsIds: [103] }, lines, now)).toMatchObject({
      reason: 'no_eligible_lines',
    });
  });
  it('respects the validity window', () => {
    const coupon: Coupon = {
      id: 'c4',
      kind: 'cash',
      amountFen: 500,
      startsAt: now - 10,
      expiresAt: now + 10,
    };
    expect(checkCoupon(coupon, lines, now).applicable).toBe(true);
    expect(checkCoupon(coupon, lines, now + 11)).toMatchObject({
      reason: 'expired',
      message: '优惠券已过期',
    });
    expect(checkCoupon(coupon, lines, now - 11)).toMatchObject({ reason: 'not_started' });
  });
  it('rounds a 折扣券 so the paid part rounds down, capped', () => {
    const nine: Coupon = { id: 'd', kind: 'discount', ratePercent: 95 };
    expect(couponDiscount(nine, 999)).toBe(50); // pays floor(949.05) = 949
    expect(couponDiscount({ ...nine, ratePercent: 80, maxDiscountFen: 3000 }, 20000)).toBe(3000);
  });
  it('ranks applicable coupons by discount', () => {
    const coupons: Coupon[] = [
      { id: 'a', kind: 'cash', amountFen: 500 },
      { id: 'b', kind: 'amount_off', thresholdFen: 90000, amountFen: 9000 },
      { id: 'c', kind: 'discount', ratePercent: 90 },
    ];
    expect(rankCoupons(coupons, lines, now).map((c) => [c.couponId, c.applicable])).toEqual([
      ['c', true],
      ['a', true],
      ['b', false],
    ]);
  });
  it('property: the discount is within [0, eligible amount]', () => {
    const couponArb: fc.Arbitrary<Coupon> = fc.oneof(
      fc.record({
        id: fc.constant(1),
        kind: fc.constant('amount_off' as const),
        amountFen: fc.integer({ min: 0, max: 1e6 }),
      }),
      fc.record({
        id: fc.constant(2),
        kind: fc.constant('cash' as const),
        amountFen: fc.integer({ min: 0, max: 1e6 }),
      }),
      fc.record({
        id: fc.constant(3),
        kind: fc.constant('discount' as const),
        ratePercent: fc.integer({ min: 0, max: 100 }),
        maxDiscountFen: fc.integer({ min: 0, max: 1e6 }),
      }),
    );
    fc.assert(
      fc.property(couponArb, fc.integer({ min: 0, max: 1e8 }), (coupon, amount) => {
        const d = couponDiscount(coupon, amount);
        return Number.isInteger(d) && d >= 0 && d <= amount;
      }),
    );
  });
});
