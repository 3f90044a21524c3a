import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Ladder, ladderUnitPrice, normalizeLadder } from './ladder';

// 阿莫西林胶囊 0.25g*24粒, base ¥5.80 a box.
const base = 580;
const upper: Ladder = {
  type: 1,
  tiers: [
    { quantity: 50, priceFen: 520 },
    { quantity: 10, priceFen: 560 },
    { quantity: 100, priceFen: 490 },
  ],
};
const minimum: Ladder = {
  type: 2,
  tiers: [
    { quantity: 100, priceFen: 490 },
    { quantity: 10, priceFen: 560 },
    { quantity: 50, priceFen: 520 },
  ],
};

describe('ladderUnitPrice, type 1 (upper bounds)', () => {
  it('picks the first tier whose bound holds the quantity, bounds inclusive', () => {
    expect(ladderUnitPrice(base, upper, 1).unitPriceFen).toBe(560);
    expect(ladderUnitPrice(base, upper, 10).unitPriceFen).toBe(560);
    expect(ladderUnitPrice(base, upper, 11).unitPriceFen).toBe(520);
    expect(ladderUnitPrice(base, upper, 50).unitPriceFen).toBe(520);
    expect(ladderUnitPrice(base, upper, 100).unitPriceFen).toBe(490);
  });
  it('keeps the last tier beyond every bound, with no next tier', () => {
    expect(ladderUnitPrice(base, upper, 500)).toEqual({
      unitPriceFen: 490,
      tier: { quantity: 100, priceFen: 490 },
      next: null,
    });
  });
  it('tells how many more reach the next price (再买N件)', () => {
    expect(ladderUnitPrice(base, upper, 8).next).toEqual({ quantity: 11, more: 3, unitPriceFen: 520 });
    expect(ladderUnitPrice(base, upper, 11).next).toEqual({ quantity: 51, more: 40, unitPriceFen: 490 });
  });
});

describe('ladderUnitPrice, other types (minimums)', () => {
  it('uses the base price below the first minimum', () => {
    expect(ladderUnitPrice(base, minimum, 9)).toEqual({
      unitPriceFen: 580,
      tier: null,
      next: { quantity: 10, more: 1, unitPriceFen: 560 },
    });
  });
  it('uses the largest minimum reached', () => {
    expect(ladderUnitPrice(base, minimum, 10).unitPriceFen).toBe(560);
    expect(ladderUnitPrice(base, minimum, 49).unitPriceFen).toBe(560);
    expect(ladderUnitPrice(base, minimum, 50).unitPriceFen).toBe(520);
    expect(ladderUnitPrice(base, minimum, 1000)).toMatchObject({ unitPriceFen: 490, next: null });
  });
  it('skips a next tier that would not lower the price', () => {
    const odd: Ladder = {
      type: 0,
      tiers: [
        { quantity: 10, priceFen: 500 },
        { quantity: 20, priceFen: 500 },
        { quantity: 30, priceFen: 450 },
      ],
    };
    expect(ladderUnitPrice(600, odd, 12).next).toEqual({ quantity: 30, more: 18, unitPriceFen: 450 });
  });
});

describe('ladder edge cases', () => {
  it('falls back to the base price for empty or missing ladders', () => {
    for (const ladder of [null, undefined, { type: 1, tiers: [] }, { type: 0, tiers: [] }]) {
      expect(ladderUnitPrice(base, ladder, 7)).toEqual({ unitPriceFen: 580, tier: null, next: null });
    }
  });
  it('drops invalid tiers and keeps the cheapest of duplicate quantities', () => {
    expect(
      normalizeLadder([
        { quantity: 0, priceFen: 1 },
        { quantity: 10, priceFen: 500 },
        { quantity: 10, priceFen: 480 },
        { quantity: 5, priceFen: -1 },
        { quantity: 2.5, priceFen: 100 },
      ]),
    ).toEqual([{ quantity: 10, priceFen: 480 }]);
  });
  it('normalises any tiers like sorting the valid ones and keeping the cheapest per quantity', () => {
    const tier = fc.record({
      quantity: fc.oneof(fc.integer({ min: -2, max: 30 }), fc.constant(2.5)),
      priceFen: fc.integer({ min: -5, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(tier, { maxLength: 12 }), (tiers) => {
        const valid = tiers
          .filter((t) => Number.isInteger(t.quantity) && t.quantity > 0 && t.priceFen >= 0)
          .sort((a, b) => a.quantity - b.quantity || a.priceFen - b.priceFen);
        const expected = valid.filter((t, i) => i === 0 || valid[i - 1].quantity !== t.quantity);
        expect(normalizeLadder(tiers)).toEqual(expected);
      }),
    );
  });
});

/** Ladders whose tier prices fall as quantities rise, below the base price. */
const decreasingLadder = fc
  .tuple(
    fc.integer({ min: 0, max: 1 }),
    fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 6 }),
    fc.integer({ min: 1000, max: 100_000 }),
  )
  .chain(([type, quantities, basePrice]) =>
    fc
      .uniqueArray(fc.integer({ min: 1, max: basePrice }), {
        minLength: quantities.length,
        maxLength: quantities.length,
      })
      .chain((prices) => {
        const q = [...quantities].sort((a, b) => a - b);
        const p = [...prices].sort((a, b) => b - a);
        const tiers = q.map((quantity, i) => ({ quantity, priceFen: p[i] }));
        // Unsorted input on purpose: the engine sorts.
        return fc
          .shuffledSubarray(tiers, { minLength: tiers.length })
          .map((shuffled) => ({ basePrice, ladder: { type, tiers: shuffled } }));
      }),
  );

describe('ladder properties', () => {
  it('unit price never rises with quantity when tier prices fall', () => {
    fc.assert(
      fc.property(decreasingLadder, fc.integer({ min: 1, max: 600 }), ({ basePrice, ladder }, q) => {
        const now = ladderUnitPrice(basePrice, ladder, q).unitPriceFen;
        const more = ladderUnitPrice(basePrice, ladder, q + 1).unitPriceFen;
        return more <= now && now <= basePrice;
      }),
    );
  });
  it('the next tier, when reached, gives exactly the promised price', () => {
    fc.assert(
      fc.property(decreasingLadder, fc.integer({ min: 1, max: 600 }), ({ basePrice, ladder }, q) => {
        const { unitPriceFen, next } = ladderUnitPrice(basePrice, ladder, q);
        if (!next) return true;
        const reached = ladderUnitPrice(basePrice, ladder, next.quantity).unitPriceFen;
        const before = ladderUnitPrice(basePrice, ladder, next.quantity - 1).unitPriceFen;
        return (
          next.more > 0 && reached === next.unitPriceFen && reached < unitPriceFen && before === unitPriceFen
        );
      }),
    );
  });
});
