import { describe, expect, it } from 'vitest';
import { countdownParts, dateTime, yuan } from './format';

describe('yuan', () => {
  it('writes two decimals after the sign', () => {
    expect(yuan(12.5)).toBe('¥12.50');
    expect(yuan(0)).toBe('¥0.00');
  });
});

describe('countdownParts', () => {
  it('splits into padded hours, minutes and seconds, hours past a day', () => {
    expect(countdownParts((26 * 3600 + 5 * 60 + 9) * 1000 + 999)).toEqual({
      hours: '26',
      minutes: '05',
      seconds: '09',
    });
  });
  it('stops at zero once the time has passed', () => {
    expect(countdownParts(-5000)).toEqual({ hours: '00', minutes: '00', seconds: '00' });
  });
});

describe('dateTime', () => {
  it("writes an instant in Beijing time whatever the phone's zone", () => {
    // 2026-11-28 07:04 UTC is 15:04 in Beijing.
    expect(dateTime(Date.UTC(2026, 10, 28, 7, 4) / 1000)).toBe('2026-11-28 15:04');
  });
});
