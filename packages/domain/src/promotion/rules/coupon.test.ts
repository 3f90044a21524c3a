import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CoverageFacts } from '../coverage';
import { type Coupon, type CouponLine, checkCoupon, couponDiscount, couponRule, rankCoupons } from './coupon';

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
      sharesFen: [1200, 800],
    });
  });
  it('refuses below the threshold and says how much is missing', () => {
    const coupon: Coupon = { id: 'c2', kind: 'amount_off', thresholdFen: 30000, amountFen: 3000 };
    expect(checkCoupon(coupon, lines, now)).toEqual({
      applicable: false,
      couponId: 'c2',
      reason: 'below_threshold',
      message: '未达到门槛 还差¥100.00',
      gapFen: 10000,
    });
  });
  it('limits a coupon to its goods', () => {
    const facts = (goodsId: number): CoverageFacts => ({
      goodsId,
      categoryIds: [],
      brandId: null,
      zones: [],
      ephedrine: false,
    });
    const withFacts = lines.map((l) => ({ ...l, facts: facts(Number(l.goodsId)) }));
    const coupon: Coupon = { id: 'c3', kind: 'cash', amountFen: 1000, coverage: { goodsIds: [102] } };
    expect(checkCoupon(coupon, withFacts, now)).toMatchObject({
      applicable: true,
      eligibleAmountFen: 8000,
      lineIds: [2],
    });
    expect(checkCoupon({ ...coupon, coverage: { goodsIds: [103] } }, withFacts, now)).toMatchObject({
      reason: 'out_of_scope',
      message: '不在适用范围',
    });
    // Without the lines' facts only an all-goods coverage can be decided.
    expect(checkCoupon(coupon, lines, now)).toMatchObject({ reason: 'out_of_scope' });
    expect(checkCoupon({ ...coupon, coverage: { all: true } }, lines, now).applicable).toBe(true);
  });
  it('respects the validity window', () => {
    const coupon: Coupon = {
      id: 'c4',
      kind: 'cash',
      amountFen: 500,
      validFrom: now - 10,
      validTo: now + 10,
    };
    expect(checkCoupon(coupon, lines, now).applicable).toBe(true);
    expect(checkCoupon(coupon, lines, now + 11)).toMatchObject({
      reason: 'expired',
      message: '已过期',
    });
    expect(checkCoupon(coupon, lines, now - 11)).toMatchObject({ reason: 'not_started' });
  });
  it('covers categories and brands, and leaves 特价 lines out when the coupon says so', () => {
    const cold: CouponLine = {
      id: 1,
      goodsId: 11,
      amountFen: 6000,
      withCoupon: true,
      facts: { goodsId: 11, categoryIds: [5, 50], brandId: 7, zones: [], ephedrine: false },
    };
    const special: CouponLine = {
      id: 2,
      goodsId: 12,
      amountFen: 4000,
      withCoupon: true,
      specialKind: 'special_price',
      facts: { goodsId: 12, categoryIds: [5], brandId: null, zones: [], ephedrine: false },
    };
    const byCategory: Coupon = { id: 'k', kind: 'cash', amountFen: 500, coverage: { categoryIds: [5] } };
    expect(checkCoupon(byCategory, [cold, special], now)).toMatchObject({ lineIds: [1, 2] });
    expect(checkCoupon({ ...byCategory, excludeSpecial: true }, [cold, special], now)).toMatchObject({
      lineIds: [1],
      sharesFen: [500],
    });
    expect(checkCoupon({ ...byCategory, excludeSpecial: true }, [special], now)).toMatchObject({
      reason: 'special_excluded',
      message: '特价商品不参与',
    });
    expect(couponRule.applies(cold, { coupon: { ...byCategory, coverage: { brandIds: [7] } } })).toBe(true);
    expect(couponRule.applies(special, { coupon: { ...byCategory, coverage: { brandIds: [7] } } })).toBe(
      false,
    );
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
  const lineArb = fc.record({
    id: fc.integer({ min: 1, max: 1e6 }),
    goodsId: fc.integer({ min: 1, max: 5 }),
    amountFen: fc.integer({ min: 0, max: 1e7 }),
    withCoupon: fc.boolean(),
    specialKind: fc.constantFrom(null, 'special_price' as const, 'welfare' as const),
  });
  const linesArb = fc.uniqueArray(lineArb, { selector: (l) => l.id, maxLength: 8 });
  const anyCoupon: fc.Arbitrary<Coupon> = fc.record({
    id: fc.constant('p'),
    kind: fc.constant('discount' as const),
    ratePercent: fc.integer({ min: 1, max: 99 }),
    thresholdFen: fc.integer({ min: 0, max: 1e6 }),
    excludeSpecial: fc.boolean(),
  });
  it('property: the shares add up to the discount, none above its line, none negative', () => {
    fc.assert(
      fc.property(anyCoupon, linesArb, (coupon, ls) => {
        const check = checkCoupon(coupon, ls, now);
        if (!check.applicable) return true;
        const amounts = new Map(ls.map((l) => [l.id, l.amountFen]));
        return (
          check.sharesFen.reduce((s, x) => s + x, 0) === check.discountFen &&
          check.sharesFen.every((x, i) => x >= 0 && x <= (amounts.get(check.lineIds[i] as number) ?? 0))
        );
      }),
    );
  });
  it('property: the result does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(anyCoupon, linesArb, (coupon, ls) => {
        const shares = (list: CouponLine[]) => {
          const check = checkCoupon(coupon, list, now);
          if (!check.applicable) return check.reason;
          return JSON.stringify(
            check.lineIds
              .map((id, i) => [id, check.sharesFen[i]])
              .sort((a, b) => Number(a[0]) - Number(b[0])),
          );
        };
        return shares(ls) === shares([...ls].reverse());
      }),
    );
  });
});
