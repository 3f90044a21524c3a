import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../time/beijing';
import { isNearExpiry, nearExpiryWindow } from './near-expiry';

describe('near expiry (近效期)', () => {
  it('adds calendar months, clamping to the end of a shorter month', () => {
    expect(addMonths('2026-11-26', 6)).toBe('2027-05-26');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-01-31', -2)).toBe('2025-11-30');
  });

  it('flags goods in date with less than the set months left', () => {
    const w = nearExpiryWindow('2026-11-26', 6);
    expect(isNearExpiry('2026-11-27', w)).toBe(true);
    expect(isNearExpiry('2027-05-25', w)).toBe(true);
    expect(isNearExpiry('2027-05-26', w)).toBe(false); // six full months left
    expect(isNearExpiry('2026-11-26', w)).toBe(false); // expires today: no longer sold
    expect(isNearExpiry(null, w)).toBe(false);
  });

  it('a later expiry is never nearer (monotone in the date)', () => {
    const day = fc.integer({ min: 0, max: 2000 }).map((n) => addDays('2026-01-01', n));
    fc.assert(
      fc.property(day, day, fc.integer({ min: 1, max: 24 }), (a, b, months) => {
        const w = nearExpiryWindow('2026-11-26', months);
        if (a <= b && a > w.after && isNearExpiry(b, w)) expect(isNearExpiry(a, w)).toBe(true);
      }),
    );
  });
});
