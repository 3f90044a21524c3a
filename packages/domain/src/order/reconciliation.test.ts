import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ReconciliationLine, reconcileLines } from './reconciliation';

const line = (outTradeNo: string, kind: 'pay' | 'refund', amountFen: number): ReconciliationLine => ({
  outTradeNo,
  kind,
  amountFen,
});

describe('reconcileLines', () => {
  it('agrees when both sides have the same money, a trade’s refunds summed', () => {
    const ours = [line('A', 'pay', 1000), line('A', 'refund', 300), line('A', 'refund', 200)];
    const theirs = [line('A', 'pay', 1000), line('A', 'refund', 500)];
    expect(reconcileLines(ours, theirs)).toEqual({
      ours: { paidFen: 1000, refundedFen: 500 },
      theirs: { paidFen: 1000, refundedFen: 500 },
      differences: [],
    });
  });

  it('lists money missing on either side and amounts that disagree', () => {
    const ours = [line('A', 'pay', 1000), line('B', 'pay', 2000), line('C', 'refund', 100)];
    const theirs = [line('A', 'pay', 999), line('C', 'refund', 100), line('D', 'pay', 50)];
    expect(reconcileLines(ours, theirs).differences).toEqual([
      { outTradeNo: 'A', kind: 'pay', oursFen: 1000, theirsFen: 999, reason: 'amount' },
      { outTradeNo: 'B', kind: 'pay', oursFen: 2000, theirsFen: null, reason: 'missing_at_provider' },
      { outTradeNo: 'D', kind: 'pay', oursFen: null, theirsFen: 50, reason: 'missing_here' },
    ]);
  });

  const lines = fc.array(
    fc.record({
      outTradeNo: fc.constantFrom('A', 'B', 'C', 'D'),
      kind: fc.constantFrom('pay' as const, 'refund' as const),
      amountFen: fc.integer({ min: 1, max: 1_000_000 }),
    }),
  );

  it('a side compared with itself, in any order, has no difference', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        expect(reconcileLines(ls, [...ls].reverse()).differences).toEqual([]);
      }),
    );
  });

  it('the differences account for every fen between the totals', () => {
    fc.assert(
      fc.property(lines, lines, (ours, theirs) => {
        const r = reconcileLines(ours, theirs);
        for (const kind of ['pay', 'refund'] as const) {
          const gap = r.differences
            .filter((d) => d.kind === kind)
            .reduce((sum, d) => sum + (d.oursFen ?? 0) - (d.theirsFen ?? 0), 0);
          const total = kind === 'pay' ? 'paidFen' : 'refundedFen';
          expect(gap).toBe(r.ours[total] - r.theirs[total]);
        }
      }),
    );
  });
});
