import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointsDeduction } from './points';

describe('pointsDeduction', () => {
  it('converts 100 points to ¥1 and caps at half the amount', () => {
    expect(pointsDeduction({ baseFen: 10000, balance: 2000 })).toEqual({
      pointsUsed: 2000,
      deductionFen: 2000,
      maxPoints: 2000,
    });
    expect(pointsDeduction({ baseFen: 10000, balance: 999_999 })).toEqual({
      pointsUsed: 5000,
      deductionFen: 5000,
      maxPoints: 5000,
    });
    expect(pointsDeduction({ baseFen: 10000, balance: 2000, requested: 150 })).toMatchObject({
      pointsUsed: 150,
      deductionFen: 150,
    });
  });
  it('deducts whole fen only and spends only the points they need', () => {
    const rule = { pointsPerYuan: 300, maxSharePercent: 100 };
    expect(pointsDeduction({ baseFen: 10000, balance: 10, rule })).toEqual({
      pointsUsed: 9,
      deductionFen: 3,
      maxPoints: 9,
    });
  });
  it('deducts nothing from nothing', () => {
    expect(pointsDeduction({ baseFen: 0, balance: 500 })).toEqual({
      pointsUsed: 0,
      deductionFen: 0,
      maxPoints: 0,
    });
  });
  it('property: never spends more points than held, never deducts past the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e7 }),
        fc.integer({ min: 0, max: 1e7 }),
        fc.option(fc.integer({ min: -10, max: 1e7 }), { nil: undefined }),
        fc.record({
          pointsPerYuan: fc.integer({ min: 1, max: 1000 }),
          maxSharePercent: fc.integer({ min: 0, max: 100 }),
        }),
        (baseFen, balance, requested, rule) => {
          const r = pointsDeduction({ baseFen, balance, requested, rule });
          return (
            r.pointsUsed <= balance &&
            r.deductionFen >= 0 &&
            r.deductionFen <= Math.floor((baseFen * rule.maxSharePercent) / 100) &&
            r.pointsUsed <= r.maxPoints
          );
        },
      ),
    );
  });
});
