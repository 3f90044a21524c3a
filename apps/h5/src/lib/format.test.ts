import { describe, expect, it } from 'vitest';
import { countdownParts, yuan } from './format';

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
