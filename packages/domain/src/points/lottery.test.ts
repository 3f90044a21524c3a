import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawPrize,
  earnRateFor,
  entryKey,
  maskStoreName,
  pointsEarned,
  pointsExpiring,
  pointsExpiryCutoff,
  pointsReversed,
} from './lottery';

/** mulberry32: a small seeded generator, so the simulation is the same on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('drawPrize', () => {
  it('over 1,000,000 draws gives each prize its weight’s share, within 1%', () => {
    const prizes = [
      { id: 1, weight: 1, available: true },
      { id: 2, weight: 9, available: true },
      { id: 3, weight: 20, available: true },
      { id: 4, weight: 70, available: true },
    ];
    const random = seeded(20261125);
    const counts = new Map<number, number>();
    const n = 1_000_000;
    for (let i = 0; i < n; i++) {
      const id = drawPrize(prizes, random()) as number;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    for (const p of prizes) {
      const share = (counts.get(p.id) ?? 0) / n;
      expect(Math.abs(share - p.weight / 100), `prize ${p.id}`).toBeLessThan(0.01);
    }
  });

  it('never draws an unavailable or weightless prize, and draws nothing when none is left', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ weight: fc.integer({ min: 0, max: 1000 }), available: fc.boolean() }), {
          maxLength: 12,
        }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (rows, random) => {
          const prizes = rows.map((r, i) => ({ id: i + 1, ...r }));
          const id = drawPrize(prizes, random);
          const drawable = prizes.filter((p) => p.available && p.weight > 0);
          if (drawable.length === 0) expect(id).toBeNull();
          else expect(drawable.map((p) => p.id)).toContain(id);
        },
      ),
    );
  });

  it('refuses a random number outside [0, 1)', () => {
    expect(() => drawPrize([{ id: 1, weight: 1, available: true }], 1)).toThrow(RangeError);
  });
});

describe('points rules', () => {
  it('earns floor(yuan x rate) and takes back in proportion to a refund, rounded up, never more than earned', () => {
    expect(pointsEarned(12_345, 1)).toBe(123);
    expect(pointsEarned(12_345, 2)).toBe(246);
    expect(pointsEarned(0, 1)).toBe(0);
    expect(pointsReversed(123, 12_345, 5_000)).toBe(50);
    expect(pointsReversed(123, 12_345, 12_345)).toBe(123);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        (paid, refund) => {
          const earned = pointsEarned(paid, 1);
          const back = pointsReversed(earned, paid, Math.min(refund, paid));
          expect(back).toBeGreaterThanOrEqual(0);
          expect(back).toBeLessThanOrEqual(earned);
          if (refund >= paid) expect(back).toBe(earned);
        },
      ),
    );
  });

  it('keys entries per day, per order or per paid draw; masks store names', () => {
    expect(entryKey('daily', { today: '2026-11-25' })).toBe('day:2026-11-25');
    expect(entryKey('order', { today: '2026-11-25', orderId: 7 })).toBe('order:7');
    expect(maskStoreName('仁心大药房（文三路总店）')).toBe('仁心大药***');
    expect(maskStoreName('仁心')).toBe('仁*');
  });
});

describe('earning by rank', () => {
  it('uses the rank’s own rate when the rule lists it, the general rate otherwise', () => {
    const rule = { earnPerYuan: 1, rankRates: [{ rank: '金牌会员', earn_per_yuan: 2 }] };
    expect(earnRateFor('金牌会员', rule)).toBe(2);
    expect(earnRateFor('普通会员', rule)).toBe(1);
  });
});

describe('points expiry', () => {
  it('expires what was earned before the cut-off less what was ever taken out, from the expiry day on', () => {
    expect(pointsExpiring(500, 200)).toBe(300);
    expect(pointsExpiring(500, 700)).toBe(0);
    expect(pointsExpiryCutoff('2026-12-30', '12-31')).toBeNull();
    expect(pointsExpiryCutoff('2026-12-31', '12-31')).toBe('2026-01-01');
    expect(pointsExpiryCutoff('2026-03-01', '02-28')).toBe('2026-01-01');
    expect(pointsExpiryCutoff('2026-03-01', '')).toBeNull();
  });
});
