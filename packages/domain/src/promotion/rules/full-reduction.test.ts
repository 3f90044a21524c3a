import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCart } from '../../cart/price-cart';
import type { CartLineInput } from '../../cart/schemas';
import type { LivePromotion, RuleLine } from '../rule';
import { type FullReductionAction, type FullReductionActivity, fullReductionRule } from './full-reduction';
import { ruleOf } from './index';

const facts = (categoryIds: number[], brandId: number | null = null) => ({
  categoryIds,
  brandId,
  zones: [],
  ephedrine: false,
});
const line = (id: number, priceFen: number, over: Partial<CartLineInput> = {}): CartLineInput => ({
  id,
  goodsId: id,
  quantity: 1,
  selected: true,
  withCoupon: true,
  isBuy: true,
  stock: 99,
  basePriceFen: priceFen,
  ...over,
});

// 感冒药 (category 10) 满100减10; 品牌 5 满200减30.
const cold: FullReductionActivity = {
  id: 1,
  name: '感冒药满减',
  tiers: [{ amountFen: 10_000, reductionFen: 1_000 }],
  coverage: { categoryIds: [10] },
};
const brand: FullReductionActivity = {
  id: 2,
  name: '品牌满减',
  tiers: [{ amountFen: 20_000, reductionFen: 3_000 }],
  coverage: { brandIds: [5] },
};

describe('full-reduction rule', () => {
  it('is a registered rule with typed arguments, a stacking class and an editor description', () => {
    expect(fullReductionRule.kind).toBe('full_reduction');
    expect(fullReductionRule.stacking).toBe('full_reduction');
    expect(ruleOf('full_reduction')).toBe(fullReductionRule);
    const live = (a: FullReductionActivity): LivePromotion<Record<string, never>, FullReductionAction> => ({
      kind: 'full_reduction',
      id: a.id,
      label: a.name,
      coverage: a.coverage,
      condition: {},
      action: { tiers: a.tiers },
    });
    const taking: RuleLine = {
      id: 1,
      goodsId: 1,
      selected: true,
      quantity: 1,
      unitPriceFen: 100,
      amountFen: 100,
      giftFen: 0,
      withCoupon: true,
      isCombination: false,
      taken: [],
      facts: null,
    };
    const ctx = { nowSeconds: 0, lines: [taking] };
    expect(fullReductionRule.applies(taking, live({ ...cold, coverage: null }), ctx)).toBe(true);
    expect(fullReductionRule.applies(taking, live(cold), ctx)).toBe(false);
    expect(
      fullReductionRule.applies({ ...taking, selected: false }, live({ ...cold, coverage: null }), ctx),
    ).toBe(false);
    expect(
      fullReductionRule.action.safeParse({ tiers: [{ amountFen: 100, reductionFen: 10 }] }).success,
    ).toBe(true);
    expect(
      fullReductionRule.action.safeParse({ tiers: [{ amountFen: 1.5, reductionFen: 10 }] }).success,
    ).toBe(false);
    expect(fullReductionRule.editor.map((f) => f.name)).toEqual(['tiers']);
  });

  it('runs several activities at once, each over the goods its coverage names', () => {
    const cart = priceCart(
      [
        line(1, 12_000, { facts: facts([1, 10]) }),
        line(2, 25_000, { facts: facts([2], 5) }),
        line(3, 9_000, { facts: facts([3]) }),
      ],
      { fullReductionActivities: [brand, cold] },
    );
    expect(cart.activities.map((a) => [a.id, a.reductionFen, a.lineIds])).toEqual([
      [1, 1_000, [1]],
      [2, 3_000, [2]],
    ]);
    expect(cart.fullReductionFen).toBe(4_000);
    expect(cart.lines[2].promotions).toEqual([]);
    expect(cart.lines[0].promotions).toEqual([
      {
        kind: 'full_reduction',
        code: 'full_reduction',
        promotionId: 1,
        label: '感冒药满减',
        amountFen: 1_000,
      },
    ]);
  });

  it('gives a line covered by two activities to the first only (one full-reduction per line)', () => {
    const both = priceCart([line(1, 30_000, { facts: facts([10], 5) })], {
      fullReductionActivities: [brand, cold],
    });
    expect(both.activities[0].lineIds).toEqual([1]);
    expect(both.activities[1].lineIds).toEqual([]);
    expect(both.fullReductionFen).toBe(1_000);
  });

  it('never covers lines without with_coupon (含麻) or unselected', () => {
    const cart = priceCart(
      [
        line(1, 50_000, { facts: facts([10]), withCoupon: false }),
        line(2, 50_000, { facts: facts([10]), selected: false }),
      ],
      { fullReductionActivities: [cold] },
    );
    expect(cart.fullReductionFen).toBe(0);
  });

  it('tags each line with the activity that covers it, selected or not, and no line it does not cover', () => {
    const cart = priceCart(
      [
        line(1, 12_000, { facts: facts([10], 5) }),
        line(2, 9_000, { facts: facts([2], 5), selected: false }),
        line(3, 9_000, { facts: facts([3]) }),
        line(4, 9_000, { facts: facts([10]), withCoupon: false }),
        line(5, 9_000, {
          facts: facts([10]),
          special: {
            kind: 'special_price',
            code: 'spike',
            promotionId: 9,
            label: '秒杀',
            unitPriceFen: 1_000,
            limit: null,
          },
        }),
      ],
      { fullReductionActivities: [brand, cold] },
    );
    // Line 1 is covered by both and goes to the first in priority order (id 1); line 2 is
    // unselected but covered; line 3 by none; 含麻 (line 4) never; a spike-priced line may not stack.
    expect(cart.lines.map((l) => l.fullReductionId)).toEqual([1, 2, null, null, null]);
    // The tag agrees with what the selected lines were counted in.
    for (const a of cart.activities)
      for (const id of a.lineIds) expect(cart.lines.find((l) => l.id === id)?.fullReductionId).toBe(a.id);
  });

  it('shares add up to each activity’s reduction and the payable is the total less them', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 0, max: 50_000 }),
            cat: fc.constantFrom(10, 11),
            brandId: fc.constantFrom(5, 6),
          }),
          { maxLength: 12 },
        ),
        (rows) => {
          const cart = priceCart(
            rows.map((r, i) => line(i + 1, r.price, { facts: facts([r.cat], r.brandId) })),
            { fullReductionActivities: [cold, brand] },
          );
          for (const a of cart.activities) {
            const shares = cart.lines
              .flatMap((l) => l.promotions)
              .filter((p) => p.promotionId === a.id)
              .reduce((sum, p) => sum + p.amountFen, 0);
            expect(shares).toBe(a.reductionFen);
          }
          expect(cart.payableFen).toBe(
            cart.lines.filter((l) => l.selected).reduce((s, l) => s + l.payableFen, 0),
          );
          expect(cart.payableFen).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
