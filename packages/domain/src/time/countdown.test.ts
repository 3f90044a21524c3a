import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activityPhase, countdownParts, countdownText } from './countdown';

describe('countdown', () => {
  it('splits the seconds left into days, hours, minutes and seconds', () => {
    const parts = countdownParts(1_000 + 2 * 86_400 + 3 * 3_600 + 4 * 60 + 5, 1_000);
    expect(parts).toMatchObject({ days: 2, hours: 3, minutes: 4, seconds: 5, finished: false });
    expect(countdownText(parts)).toBe('2天 03:04:05');
    expect(countdownText(countdownParts(1_065, 1_000))).toBe('00:01:05');
  });

  it('shows zeros once finished, never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2e9 }), fc.integer({ min: 0, max: 2e9 }), (end, now) => {
        const parts = countdownParts(end, now);
        expect(parts.left).toBeGreaterThanOrEqual(0);
        expect(parts.days * 86_400 + parts.hours * 3_600 + parts.minutes * 60 + parts.seconds).toBe(
          parts.left,
        );
        if (now >= end) expect(countdownText(parts)).toBe('00:00:00');
      }),
    );
  });

  it('tells upcoming, running and ended apart; the end second itself is ended', () => {
    expect(activityPhase(100, 200, 99)).toBe('upcoming');
    expect(activityPhase(100, 200, 100)).toBe('running');
    expect(activityPhase(100, 200, 200)).toBe('ended');
  });
});
