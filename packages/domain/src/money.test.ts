import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatYuan, fromYuan, mulFloor, toYuan, yuanDecimal } from './money';

describe('money', () => {
  it('converts yuan to fen exactly', () => {
    expect(fromYuan('35.20')).toBe(3520);
    expect(fromYuan(0.1 + 0.2)).toBe(30);
    expect(fromYuan('7')).toBe(700);
    expect(() => fromYuan('1.234')).toThrow();
    expect(() => fromYuan('abc')).toThrow();
  });
  it('round-trips every fen amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (fen) => fromYuan(toYuan(fen)) === fen),
    );
  });
  it('formats for display', () => {
    expect(formatYuan(3520)).toBe('¥35.20');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(-120)).toBe('-¥1.20');
  });
  it('rounds rates down to the fen', () => {
    expect(mulFloor(999, 94, 100)).toBe(939);
  });
});

describe('yuanDecimal (a provider’s yuan text)', () => {
  it('writes two decimals exactly', () => {
    expect(yuanDecimal(3520)).toBe('35.20');
    expect(yuanDecimal(1)).toBe('0.01');
    expect(yuanDecimal(0)).toBe('0.00');
    expect(yuanDecimal(-5)).toBe('-0.05');
    expect(yuanDecimal(2_147_483_647)).toBe('21474836.47');
    expect(() => yuanDecimal(1.5)).toThrow(RangeError);
  });
  it('round-trips through fromYuan for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (fen) => {
        expect(fromYuan(yuanDecimal(fen))).toBe(fen);
      }),
    );
  });
});
