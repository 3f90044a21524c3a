import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCart } from '../../cart/price-cart';
import type { CartLineInput } from '../../cart/schemas';
import { orderTotal } from '../../order/order-total';
import type { LivePromotion, RuleLine } from '../rule';
import { runPromotions } from '../run';
import { ruleOf } from './index';
import { type SecondHalfAction, secondHalfRule, secondHalfSaving } from './second-half';

const line = (
  id: number,
  priceFen: number,
  quantity: number,
  over: Partial<CartLineInput> = {},
): CartLineInput => ({
  id,
  goodsId: id,
  quantity,
  selected: true,
  withCoupon: true,
  isBuy: true,
  stock: 999,
  basePriceFen: priceFen,
  ...over,
});
const facts = (categoryIds: number[]) => ({ categoryIds, brandId: null, zones: [], ephedrine: false });

// 感冒药 (category 10) 第二件半价.
const halfOff = (over: Partial<LivePromotion<unknown, SecondHalfAction>> = {}): LivePromotion => ({
  kind: 'second_half',
  id: 7,
  label: '感冒药第二件半价',
  coverage: { categoryIds: [10] },
  condition: {},
  action: { ratePercent: 50 },
  ...over,
});

describe('第二件半价 (second_half)', () => {
  it('is registered with its arguments, its stacking class and its editor', () => {
    expect(ruleOf('second_half')).toBe(secondHalfRule);
    expect(secondHalfRule.stacking).toBe('welfare');
    expect(secondHalfRule.effect).toBe('price');
    expect(secondHalfRule.action.safeParse({ ratePercent: 50 }).success).toBe(true);
    expect(secondHalfRule.action.safeParse({ ratePercent: 100 }).success).toBe(false);
    expect(secondHalfRule.action.safeParse({ ratePercent: 50, maxPairs: 0 }).success).toBe(false);
    expect(secondHalfRule.editor.map((f) => [f.name, f.type])).toEqual([
      ['ratePercent', 'percent'],
      ['maxPairs', 'count'],
    ]);
  });

  it('prices every second unit of a line at the rate, the paid part rounded down', () => {
    const at = (quantity: number, unitPriceFen: number, action: SecondHalfAction = { ratePercent: 50 }) =>
      secondHalfSaving({ quantity, unitPriceFen, amountFen: quantity * unitPriceFen }, action);
    expect(at(1, 1_000)).toBe(0);
    expect(at(2, 1_000)).toBe(500);
    expect(at(3, 1_000)).toBe(500);
    expect(at(4, 1_000)).toBe(1_000);
    // ¥9.99: the second unit costs ¥4.99 (floor of 499.5), so 500 fen come off.
    expect(at(2, 999)).toBe(500);
    expect(at(6, 1_000, { ratePercent: 50, maxPairs: 2 })).toBe(1_000);
    expect(at(2, 1_000, { ratePercent: 0 })).toBe(1_000);
  });

  it('runs in priceCart as a generic promotion, before the 满减 it is measured under', () => {
    const cart = priceCart(
      [
        line(1, 6_000, 2, { facts: facts([1, 10]) }),
        line(2, 6_000, 2, { facts: facts([3]) }),
        line(3, 6_000, 3, { facts: facts([10]), selected: false }),
      ],
      {
        promotions: [halfOff()],
        fullReductionActivities: [
          { id: 1, name: '满200减20', tiers: [{ amountFen: 20_000, reductionFen: 2_000 }], coverage: null },
        ],
      },
    );
    const [a, b, c] = cart.lines;
    expect(a.specialFen).toBe(3_000);
    expect(a.subtotalFen).toBe(9_000);
    expect(a.special).toEqual({
      kind: 'welfare',
      code: 'second_half',
      promotionId: 7,
      label: '感冒药第二件半价',
      units: 1,
    });
    expect(b.specialFen).toBe(0);
    // An unselected line shows its price too (like a special price), and takes no 满减.
    expect(c.subtotalFen).toBe(15_000);
    // 满减 on what the line discount left: 9,000 + 12,000 = 21,000 reaches 满200减20.
    expect(cart.eligibleAmountFen).toBe(21_000);
    expect(cart.fullReductionFen).toBe(2_000);
    expect(a.promotions.map((p) => [p.kind, p.code, p.amountFen])).toEqual([
      ['welfare', 'second_half', 3_000],
      ['full_reduction', 'full_reduction', 857],
    ]);
    expect(cart.payableFen).toBe(21_000 - 2_000);
  });

  it('keeps to the stacking matrix: no line at a special price or already discounted, no combination, no 含麻', () => {
    const cart = priceCart(
      [
        line(1, 1_000, 2, {
          facts: facts([10]),
          special: {
            kind: 'special_price',
            code: 'spike',
            promotionId: 3,
            label: '秒杀',
            unitPriceFen: 800,
            limit: null,
          },
        }),
        line(2, 1_000, 2, {
          facts: facts([10]),
          special: { kind: 'welfare', code: 'welfare', promotionId: 4, label: '福利94折', ratePercent: 94 },
        }),
        line(3, 1_000, 2, { facts: facts([10]), withCoupon: false }),
        line(4, 1_000, 2, {
          facts: facts([10]),
          type: 3,
          combination: { priceFen: 1_000, items: [{ goodsId: 9, quantity: 1, priceFen: 1_000 }] },
        }),
      ],
      { promotions: [halfOff({ coverage: null })] },
    );
    expect(cart.lines.map((l) => [l.special?.code ?? null, l.specialFen])).toEqual([
      ['spike', 400],
      ['welfare', 120],
      [null, 0],
      [null, 0],
    ]);
  });

  it('lets a coupon follow it (a welfare-class discount), measured on what it left', () => {
    const cart = priceCart([line(1, 5_000, 2, { facts: facts([10]) })], { promotions: [halfOff()] });
    const total = orderTotal(cart, {
      coupon: { id: 1, kind: 'amount_off', thresholdFen: 7_000, amountFen: 1_000 },
      nowSeconds: 0,
      shippingFeeFen: 0,
    });
    expect(total.goodsFen).toBe(7_500);
    expect(total.couponFen).toBe(1_000);
    expect(total.totalFen).toBe(6_500);
  });

  const ruleLineArb = fc.record({
    id: fc.nat(),
    quantity: fc.integer({ min: 0, max: 500 }),
    unitPriceFen: fc.integer({ min: 0, max: 1_000_000 }),
    withCoupon: fc.boolean(),
    isCombination: fc.boolean(),
    selected: fc.boolean(),
    reducedBy: fc.integer({ min: 0, max: 2_000_000 }),
  });

  it('property: the shares add up to what it takes, never negative, never more than the line', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(ruleLineArb, { selector: (l) => l.id, maxLength: 8 }),
        fc.integer({ min: 0, max: 99 }),
        fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
        (rows, ratePercent, maxPairs) => {
          const lines: RuleLine[] = rows.map((r) => ({
            id: r.id,
            goodsId: r.id,
            selected: r.selected,
            quantity: r.quantity,
            unitPriceFen: r.unitPriceFen,
            amountFen: Math.max(0, r.quantity * r.unitPriceFen - r.reducedBy),
            giftFen: 0,
            withCoupon: r.withCoupon,
            isCombination: r.isCombination,
            facts: null,
            taken: [],
          }));
          const run = runPromotions(
            'cart',
            lines,
            [halfOff({ coverage: null, action: { ratePercent, maxPairs } })],
            0,
          );
          for (const applied of run.applied) {
            const shares = [...applied.shares.values()];
            expect(shares.reduce((s, x) => s + x, 0)).toBe(applied.amountFen);
            for (const [id, share] of applied.shares) {
              const before = lines.find((l) => l.id === id);
              expect(Number.isSafeInteger(share) && share >= 0).toBe(true);
              expect(share).toBeLessThanOrEqual(before?.amountFen ?? 0);
            }
          }
          for (const l of run.lines) expect(l.amountFen).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: in a cart, every line still costs between 0 and its amount, whatever the line order', () => {
    const cartLineArb = fc.record({
      id: fc.nat({ max: 1_000 }),
      price: fc.integer({ min: 1, max: 100_000 }),
      quantity: fc.integer({ min: 1, max: 50 }),
      selected: fc.boolean(),
      category: fc.constantFrom(10, 20),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(cartLineArb, { selector: (l) => l.id, maxLength: 6 }),
        fc.integer({ min: 0, max: 99 }),
        (rows, ratePercent) => {
          const lines = rows.map((r) =>
            line(r.id, r.price, r.quantity, { selected: r.selected, facts: facts([r.category]) }),
          );
          const activity = {
            promotions: [halfOff({ action: { ratePercent } })],
            fullReductionTiers: [{ amountFen: 10_000, reductionFen: 1_500 }],
          };
          const cart = priceCart(lines, activity);
          for (const l of cart.lines) {
            expect(l.payableFen).toBeGreaterThanOrEqual(0);
            expect(l.subtotalFen).toBeLessThanOrEqual(l.amountFen);
            expect(l.specialFen).toBeGreaterThanOrEqual(0);
          }
          expect(cart.payableFen).toBe(cart.selectedTotalFen - cart.fullReductionFen);
          const again = priceCart([...lines].reverse(), activity);
          expect(again.payableFen).toBe(cart.payableFen);
        },
      ),
      { numRuns: 200 },
    );
  });
});
