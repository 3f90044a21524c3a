import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prorate } from './prorate';

describe('prorate', () => {
  it('splits a 满减 reduction by line amounts', () => {
    // 满300减20 over ¥120.00 + ¥180.00.
    expect(
      prorate(2000, [
        { id: 1, weight: 12000 },
        { id: 2, weight: 18000 },
      ]),
    ).toEqual([800, 1200]);
  });
  it('gives left-over fen to the largest remainders, ties to the smaller id', () => {
    expect(
      prorate(100, [
        { id: 3, weight: 1 },
        { id: 1, weight: 1 },
        { id: 2, weight: 1 },
      ]),
    ).toEqual([33, 34, 33]);
    expect(
      prorate(10, [
        { id: 'a', weight: 1 },
        { id: 'b', weight: 2 },
      ]),
    ).toEqual([3, 7]);
  });
  it('splits evenly when every weight is zero and handles empty input', () => {
    expect(
      prorate(5, [
        { id: 1, weight: 0 },
        { id: 2, weight: 0 },
      ]),
    ).toEqual([3, 2]);
    expect(prorate(0, [])).toEqual([]);
    expect(() => prorate(1, [])).toThrow();
    expect(() => prorate(-1, [{ id: 1, weight: 1 }])).toThrow();
  });
  it('stays exact when total x weight exceeds 2^53', () => {
    const parts = prorate(9_000_000_000, [
      { id: 1, weight: 3_000_000_001 },
      { id: 2, weight: 3_000_000_001 },
      { id: 3, weight: 3_000_000_001 },
    ]);
    expect(parts).toEqual([3_000_000_000, 3_000_000_000, 3_000_000_000]);
  });
});

const weightsArb = fc.uniqueArray(
  fc.record({ id: fc.integer({ min: 1, max: 1_000_000 }), weight: fc.integer({ min: 0, max: 10_000_000 }) }),
  { minLength: 1, maxLength: 40, selector: (w) => w.id },
);

describe('prorate properties', () => {
  it('parts are non-negative and add up to the total exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), weightsArb, (total, weights) => {
        const parts = prorate(total, weights);
        return (
          parts.every((p) => Number.isInteger(p) && p >= 0) && parts.reduce((a, b) => a + b, 0) === total
        );
      }),
    );
  });
  it('no part exceeds its weight when the total does not exceed the sum', () => {
    fc.assert(
      fc.property(weightsArb, fc.double({ min: 0, max: 1, noNaN: true }), (weights, share) => {
        const sum = weights.reduce((a, w) => a + w.weight, 0);
        const parts = prorate(Math.floor(sum * share), weights);
        return parts.every((p, i) => p <= weights[i].weight);
      }),
    );
  });
  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        weightsArb.chain((w) => fc.tuple(fc.constant(w), fc.shuffledSubarray(w, { minLength: w.length }))),
        (total, [weights, shuffled]) => {
          const byId = (ws: typeof weights) => {
            const parts = prorate(total, ws);
            return new Map(ws.map((w, i) => [w.id, parts[i]]));
          };
          expect(byId(shuffled)).toEqual(byId(weights));
        },
      ),
    );
  });
});
