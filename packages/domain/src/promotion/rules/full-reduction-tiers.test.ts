import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FullReductionTier, fullReduction, tierReduction } from './full-reduction';

// 满100减10, 满300减40, 满500减80 (yuan).
const tiers: FullReductionTier[] = [
  { amountFen: 50000, reductionFen: 8000 },
  { amountFen: 10000, reductionFen: 1000 },
  { amountFen: 30000, reductionFen: 4000 },
];

describe('fullReduction', () => {
  it('reaches nothing below the first threshold and points at it', () => {
    const r = fullReduction(tiers, 6480);
    expect(r.reductionFen).toBe(0);
    expect(r.applied).toBeNull();
    expect(r.tiers.map((t) => [t.amountFen, t.status, t.gapFen])).toEqual([
      [10000, 0, 3520],
      [30000, 0, 23520],
      [50000, 0, 43520],
    ]);
    expect(r.next).toEqual({ gapFen: 3520, reductionFen: 1000 });
  });
  it('applies the best reached tier, lists reached tiers first, with status 1', () => {
    const r = fullReduction(tiers, 30000);
    expect(r.reductionFen).toBe(4000);
    expect(r.applied?.amountFen).toBe(30000);
    expect(r.tiers.map((t) => [t.amountFen, t.status])).toEqual([
      [10000, 1],
      [30000, 1],
      [50000, 0],
    ]);
    expect(r.next).toEqual({ gapFen: 20000, reductionFen: 8000 });
  });
  it('has nothing next once the top tier is reached', () => {
    expect(fullReduction(tiers, 99999).next).toBeNull();
    expect(fullReduction(tiers, 99999).reductionFen).toBe(8000);
  });
  it('repeats 每满 tiers up to their cap', () => {
    const every: FullReductionTier = {
      amountFen: 10000,
      reductionFen: 1000,
      repeat: true,
      maxReductionFen: 3000,
    };
    expect(tierReduction(every, 25000)).toBe(2000);
    expect(tierReduction(every, 90000)).toBe(3000);
    expect(fullReduction([every], 25000).next).toEqual({ gapFen: 5000, reductionFen: 3000 });
    expect(fullReduction([every], 30000).next).toBeNull();
  });
  it('never takes off more than the amount and ignores invalid tiers', () => {
    expect(fullReduction([{ amountFen: 100, reductionFen: 500 }], 300).reductionFen).toBe(300);
    expect(
      fullReduction(
        [
          { amountFen: 100, reductionFen: 0 },
          { amountFen: -1, reductionFen: 10 },
        ],
        300,
      ).tiers,
    ).toEqual([]);
    expect(fullReduction(tiers, -50).reductionFen).toBe(0);
  });
});

describe('full-reduction properties', () => {
  const tierArb = fc.record(
    {
      amountFen: fc.integer({ min: 0, max: 1_000_000 }),
      reductionFen: fc.integer({ min: 1, max: 200_000 }),
      repeat: fc.boolean(),
      maxReductionFen: fc.integer({ min: 0, max: 500_000 }),
    },
    { requiredKeys: ['amountFen', 'reductionFen'] },
  );
  it('the reduction is within [0, amount], never falls as the amount grows, and next is reachable', () => {
    fc.assert(
      fc.property(
        fc.array(tierArb, { maxLength: 6 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (ts, amount) => {
          const r = fullReduction(ts, amount);
          const more = fullReduction(ts, amount + 1);
          if (r.reductionFen < 0 || r.reductionFen > amount || more.reductionFen < r.reductionFen)
            return false;
          if (r.next) {
            const reached = fullReduction(ts, amount + r.next.gapFen);
            if (r.next.gapFen <= 0 || reached.reductionFen < r.next.reductionFen) return false;
          }
          return r.tiers.every((t, i) => i === 0 || r.tiers[i - 1].status >= t.status);
        },
      ),
    );
  });
});
