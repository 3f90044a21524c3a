import { describe, expect, it } from 'vitest';
import { ladderRows, ladderSummary } from './ladder-text';

describe('ladder prices in words', () => {
  it('type 1: tiers by upper bound, the last one open', () => {
    const rows = ladderRows(
      1,
      [
        { number: 49, price: 8 },
        { number: 9, price: 8.5 },
        { number: 99, price: 7.6 },
      ],
      '盒',
    );
    expect(ladderSummary(rows)).toBe('1-9盒 ¥8.50 / 10-49盒 ¥8.00 / 50盒以上 ¥7.60');
  });

  it('other types: tiers by minimum quantity', () => {
    const rows = ladderRows(
      2,
      [
        { number: 10, price: 8 },
        { number: 50, price: 7.5 },
      ],
      '盒',
    );
    expect(ladderSummary(rows)).toBe('满10盒 ¥8.00 / 满50盒 ¥7.50');
  });

  it('a single upper-bound tier is a closed range', () => {
    expect(ladderRows(1, [{ number: 1, price: 3 }], '瓶')).toEqual([{ range: '1瓶', price: 3 }]);
    expect(ladderRows(1, [], '瓶')).toEqual([]);
  });
});
