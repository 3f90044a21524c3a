import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextSpikeStatus, slotsOverlap, spikeProgress, spikeRefusal } from './spike';

describe('spikeProgress', () => {
  it('rounds the sold share down, and shows 100% only when sold out', () => {
    expect(spikeProgress(0, 50)).toEqual({ percent: 0, remaining: 50, soldOut: false });
    expect(spikeProgress(49, 50)).toEqual({ percent: 98, remaining: 1, soldOut: false });
    expect(spikeProgress(199, 200)).toEqual({ percent: 99, remaining: 1, soldOut: false });
    expect(spikeProgress(50, 50)).toEqual({ percent: 100, remaining: 0, soldOut: true });
  });
  it('keeps percent within 0..100 and remaining + sold = stock', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (stock, raw) => {
          const sold = Math.min(raw, stock);
          const p = spikeProgress(sold, stock);
          expect(p.percent).toBeGreaterThanOrEqual(0);
          expect(p.percent).toBeLessThanOrEqual(100);
          expect(p.remaining + sold).toBe(stock);
          expect(p.percent === 100).toBe(p.soldOut);
        },
      ),
    );
  });
});

describe('spikeRefusal', () => {
  const base = {
    status: 'scheduled' as const,
    startSeconds: 100,
    endSeconds: 200,
    remaining: 5,
    storeLeft: 2,
  };
  it('names the reason a slot cannot be bought, in the order a buyer needs to hear it', () => {
    expect(spikeRefusal({ ...base, nowSeconds: 150 })).toBeNull();
    expect(spikeRefusal({ ...base, nowSeconds: 99 })).toBe('秒杀活动尚未开始');
    expect(spikeRefusal({ ...base, nowSeconds: 200 })).toBe('秒杀活动已结束');
    expect(spikeRefusal({ ...base, status: 'paused', nowSeconds: 150 })).toBe('秒杀活动已暂停');
    expect(spikeRefusal({ ...base, status: 'draft', nowSeconds: 150 })).toBe('秒杀活动已结束');
    expect(spikeRefusal({ ...base, remaining: 0, nowSeconds: 150 })).toBe('秒杀商品已抢光');
    expect(spikeRefusal({ ...base, storeLeft: 0, nowSeconds: 150 })).toBe('超出每店限购数量');
  });
});

describe('nextSpikeStatus', () => {
  it('schedules drafts and paused sales, pauses scheduled ones, and never leaves ended', () => {
    expect(nextSpikeStatus('draft', 'schedule')).toBe('scheduled');
    expect(nextSpikeStatus('paused', 'schedule')).toBe('scheduled');
    expect(nextSpikeStatus('scheduled', 'pause')).toBe('paused');
    expect(nextSpikeStatus('draft', 'pause')).toBeNull();
    for (const action of ['schedule', 'pause', 'end'] as const)
      expect(nextSpikeStatus('ended', action)).toBeNull();
  });
});

describe('slotsOverlap', () => {
  it('is symmetric, and touching slots do not overlap', () => {
    expect(slotsOverlap({ start: 0, end: 10 }, { start: 10, end: 20 })).toBe(false);
    expect(slotsOverlap({ start: 0, end: 11 }, { start: 10, end: 20 })).toBe(true);
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(100), fc.nat(1000), fc.nat(100), (s1, l1, s2, l2) => {
        const a = { start: s1, end: s1 + l1 + 1 };
        const b = { start: s2, end: s2 + l2 + 1 };
        expect(slotsOverlap(a, b)).toBe(slotsOverlap(b, a));
      }),
    );
  });
});
