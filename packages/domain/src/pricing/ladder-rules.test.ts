import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ladderUnitPrice } from './ladder';
import { ladderProblems } from './ladder-rules';

describe('ladderProblems', () => {
  it('accepts rising quantities at falling prices within the base price', () => {
    expect(
      ladderProblems(
        0,
        [
          { quantity: 10, priceFen: 450 },
          { quantity: 50, priceFen: 420 },
        ],
        500,
      ),
    ).toEqual([]);
    expect(
      ladderProblems(
        1,
        [
          { quantity: 1, priceFen: 500 },
          { quantity: 10, priceFen: 480 },
        ],
        500,
      ),
    ).toEqual([]);
  });
  it('names the tier and field of each problem', () => {
    expect(
      ladderProblems(
        0,
        [
          { quantity: 1, priceFen: 600 },
          { quantity: 1, priceFen: 400 },
          { quantity: 20, priceFen: 450 },
          { quantity: 30, priceFen: 0 },
        ],
        500,
      ),
    ).toEqual([
      { index: 0, field: 'price', message: '第1档单价不能高于基础价' },
      { index: 0, field: 'quantity', message: '第1档起购数量须大于1' },
      { index: 1, field: 'quantity', message: '第2档数量须大于第1档' },
      { index: 2, field: 'price', message: '第3档单价不能高于第2档' },
      { index: 3, field: 'price', message: '第4档单价须大于0' },
    ]);
  });
  it('a ladder it accepts never charges more than the base price, and more never costs more per unit (property)', () => {
    const arb = fc.record({
      type: fc.constantFrom(0, 1),
      base: fc.integer({ min: 1, max: 100_000 }),
      tiers: fc.array(
        fc.record({
          quantity: fc.integer({ min: 1, max: 500 }),
          priceFen: fc.integer({ min: 1, max: 100_000 }),
        }),
        { maxLength: 5 },
      ),
      q: fc.integer({ min: 1, max: 600 }),
    });
    fc.assert(
      fc.property(arb, ({ type, base, tiers, q }) => {
        fc.pre(ladderProblems(type, tiers, base).length === 0);
        const ladder = { type, tiers };
        const price = ladderUnitPrice(base, ladder, q).unitPriceFen;
        expect(price).toBeLessThanOrEqual(base);
        expect(ladderUnitPrice(base, ladder, q + 1).unitPriceFen).toBeLessThanOrEqual(price);
      }),
    );
  });
});
