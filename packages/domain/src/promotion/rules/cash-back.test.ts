import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestCashBack,
  type CashBackLine,
  cashBackBase,
  cashBackFor,
  cashBackReversal,
  cashBackTiersProblem,
  reachedCashBackTier,
} from './cash-back';

const tiers = [
  { thresholdFen: 100_00, amountFen: 5_00 },
  { thresholdFen: 300_00, amountFen: 20_00 },
  { thresholdFen: 1000_00, amountFen: 80_00 },
];
const facts = (goodsId: number, ephedrine = false) => ({
  goodsId,
  categoryIds: [goodsId * 10],
  brandId: null,
  zones: [],
  ephedrine,
});
const line = (goodsId: number, payableFen: number, ephedrine = false): CashBackLine => ({
  goods: facts(goodsId, ephedrine),
  payableFen,
});

describe('cash-back tiers', () => {
  it('reads the highest reached tier, exactly at the threshold', () => {
    expect(reachedCashBackTier(tiers, 99_99)).toBeNull();
    expect(reachedCashBackTier(tiers, 100_00)?.amountFen).toBe(5_00);
    expect(reachedCashBackTier(tiers, 999_99)?.amountFen).toBe(20_00);
    expect(cashBackFor({ tiers, repeat: false }, 2500_00)).toBe(80_00);
  });
  it('repeats the reached tier for every multiple when the activity says 每满', () => {
    expect(cashBackFor({ tiers: [{ thresholdFen: 100_00, amountFen: 3_00 }], repeat: true }, 350_00)).toBe(
      9_00,
    );
    expect(cashBackFor({ tiers: [{ thresholdFen: 100_00, amountFen: 3_00 }], repeat: false }, 350_00)).toBe(
      3_00,
    );
  });
  it('refuses tiers that do not increase, or give back more than they ask', () => {
    expect(cashBackTiersProblem(tiers)).toBeNull();
    expect(cashBackTiersProblem([])).toBe('至少设置一档返现');
    expect(cashBackTiersProblem([tiers[1], tiers[0]])).toBe('各档满额和返现金额须逐档递增');
    expect(cashBackTiersProblem([{ thresholdFen: 100, amountFen: 100 }])).toBe('第1档返现金额须小于满额');
  });
  it('never gives back more than the base, never negative, and never less for a bigger base', () => {
    const tierArb = fc
      .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 5 })
      .map((ts) =>
        ts
          .sort((a, b) => a - b)
          .map((t, i) => ({ thresholdFen: t, amountFen: Math.max(1, Math.floor(t / 10)) + i })),
      );
    fc.assert(
      fc.property(
        tierArb,
        fc.boolean(),
        fc.integer({ min: -100, max: 5_000_000 }),
        fc.nat(100_000),
        (ts, repeat, a, d) => {
          fc.pre(cashBackTiersProblem(ts) === null);
          const x = cashBackFor({ tiers: ts, repeat }, a);
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(Math.max(0, a));
          if (!repeat) expect(cashBackFor({ tiers: ts, repeat }, a + d)).toBeGreaterThanOrEqual(x);
        },
      ),
    );
  });
});

describe('cash-back base', () => {
  const coverage = { goodsIds: [1, 2] };
  it('counts only covered lines, never 含麻 goods', () => {
    const lines = [line(1, 200_00), line(2, 50_00), line(3, 900_00)];
    expect(cashBackBase(lines, coverage, { paidFen: 1150_00, refundedFen: 0 })).toBe(250_00);
    expect(cashBackBase([line(1, 200_00, true)], coverage, { paidFen: 200_00, refundedFen: 0 })).toBe(0);
  });
  it('does not depend on line order and never goes negative', () => {
    const lineArb = fc.array(fc.record({ id: fc.integer({ min: 1, max: 5 }), pay: fc.nat(100_000) }), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(lineArb, fc.nat(1_000_000), (ls, refunded) => {
        const lines = ls.map((l) => line(l.id, l.pay));
        const paidFen = lines.reduce((s, l) => s + l.payableFen, 0);
        const order = { paidFen, refundedFen: Math.min(refunded, paidFen) };
        const a = cashBackBase(lines, coverage, order);
        expect(cashBackBase([...lines].reverse(), coverage, order)).toBe(a);
        expect(a).toBeGreaterThanOrEqual(0);
        expect(a).toBeLessThanOrEqual(paidFen - order.refundedFen);
      }),
    );
  });
  it('picks the activity giving the most back', () => {
    const a = { id: 1, tiers, repeat: false, coverage: { goodsIds: [1] } };
    const b = {
      id: 2,
      tiers: [{ thresholdFen: 100_00, amountFen: 10_00 }],
      repeat: true,
      coverage: { all: true },
    };
    const r = bestCashBack([a, b], [line(1, 300_00), line(2, 100_00)], { paidFen: 400_00, refundedFen: 0 });
    expect(r?.activity.id).toBe(2);
    expect(r?.creditFen).toBe(40_00);
    expect(bestCashBack([a], [line(2, 500_00)], { paidFen: 500_00, refundedFen: 0 })).toBeNull();
  });
});

describe('cash-back reversal', () => {
  it('takes back the refunded share rounded up, and only what was not taken yet', () => {
    expect(
      cashBackReversal({ creditFen: 10_00, reversedFen: 0 }, { paidFen: 300_00, refundedFen: 100_00 }),
    ).toBe(334);
    expect(
      cashBackReversal({ creditFen: 10_00, reversedFen: 334 }, { paidFen: 300_00, refundedFen: 100_00 }),
    ).toBe(0);
    expect(
      cashBackReversal({ creditFen: 10_00, reversedFen: 334 }, { paidFen: 300_00, refundedFen: 300_00 }),
    ).toBe(666);
  });
  it('summed over any sequence of refunds takes back at most the credit, all of it on a full refund', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.nat(10_000_000), { maxLength: 6 }),
        (creditFen, paidFen, steps) => {
          let refundedFen = 0;
          let reversedFen = 0;
          for (const s of [...steps, paidFen]) {
            refundedFen = Math.min(paidFen, refundedFen + s);
            const now = cashBackReversal({ creditFen, reversedFen }, { paidFen, refundedFen });
            expect(now).toBeGreaterThanOrEqual(0);
            reversedFen += now;
            expect(reversedFen).toBeLessThanOrEqual(creditFen);
          }
          expect(reversedFen).toBe(creditFen);
        },
      ),
    );
  });
});
