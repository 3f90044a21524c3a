import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heldNumber, numberText, settledNumber, steppedNumber, typedNumber } from './number-input';

// What antd's InputNumber (rc-input-number) does with the same text, limits and precision.
describe('number box, as antd InputNumber reads it', () => {
  const quantity = { min: 1, max: 100000, precision: 0 };
  const price = { min: 0, max: 21474836, precision: 2 };

  it('takes a typed number within the range as typed, an empty box as null, and waits otherwise', () => {
    expect(typedNumber('30', quantity)).toBe(30);
    expect(typedNumber('', quantity)).toBeNull();
    expect(typedNumber('0', quantity)).toBeUndefined();
    expect(typedNumber('200000', quantity)).toBeUndefined();
    expect(typedNumber('abc', quantity)).toBeUndefined();
    expect(typedNumber('-', quantity)).toBeUndefined();
    // Not rounded while typed: "1." and "12.345" are on their way.
    expect(typedNumber('1.', price)).toBe(1);
    expect(typedNumber('12.345', price)).toBe(12.345);
    // A full stop typed in a Chinese input method is a decimal point; spaces and commas go.
    expect(typedNumber('12。5', price)).toBe(12.5);
    expect(typedNumber('1,234', price)).toBe(1234);
  });

  it('settles on leaving: held to the range, rounded half up to the precision, else the last value', () => {
    expect(settledNumber('0', 5, quantity)).toBe(1);
    expect(settledNumber('999999', 5, quantity)).toBe(100000);
    expect(settledNumber('2.5', 5, quantity)).toBe(3);
    expect(settledNumber('1.005', null, price)).toBe(1.01);
    expect(settledNumber('12.344', null, price)).toBe(12.34);
    expect(settledNumber('abc', 5, quantity)).toBe(5);
    expect(settledNumber('abc', null, quantity)).toBeNull();
    expect(settledNumber('', 5, quantity)).toBeNull();
    // Without a precision the decimals stay.
    expect(settledNumber('7.25', null, { min: 0, max: 10 })).toBe(7.25);
  });

  it('cuts instead of rounding when rounding would leave the range', () => {
    expect(heldNumber(3.79, { min: 0, max: 3.79, precision: 1 })).toBe(3.7);
  });

  it('shows the precision’s decimals', () => {
    expect(numberText(12.5, 2)).toBe('12.50');
    expect(numberText(1, 0)).toBe('1');
    expect(numberText(null, 2)).toBe('');
    expect(numberText(7.25)).toBe('7.25');
  });

  it('steps from the value, or from 0, within the range', () => {
    expect(steppedNumber(null, 1, { min: 0, max: 5100 })).toBe(1);
    expect(steppedNumber(5100, 1, { min: 0, max: 5100 })).toBe(5100);
    expect(steppedNumber(0, -1, { min: 0, max: 5100 })).toBe(0);
    expect(steppedNumber(1.25, 1, price)).toBe(2.25);
  });

  it('property: a settled number is within the range and has at most the precision’s decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e8, noNaN: true }), fc.nat(6), (n, places) => {
        const settled = settledNumber(n.toFixed(places), null, price) as number;
        expect(settled).toBeGreaterThanOrEqual(0);
        expect(settled).toBeLessThanOrEqual(21474836);
        expect(Math.round(settled * 100) / 100).toBe(settled);
      }),
    );
  });
});
