import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromYuan } from '../money';
import { MAX_YUAN, PG_INT_MAX, pageNumber, recordId, yuanAmount } from './input';

describe('request number building blocks', () => {
  it('takes ids from 1 to the integer maximum, as numbers or strings', () => {
    expect(recordId().parse('42')).toBe(42);
    expect(recordId().parse(PG_INT_MAX)).toBe(PG_INT_MAX);
    for (const bad of [0, -1, 1.5, PG_INT_MAX + 1, 'abc', '1e20'])
      expect(recordId().safeParse(bad).success, String(bad)).toBe(false);
    expect(recordId('订单格式不正确').safeParse('x').error?.issues[0].message).toBe('订单格式不正确');
  });

  it('defaults the page to 1 and refuses pages past the integer range', () => {
    expect(pageNumber.parse(undefined)).toBe(1);
    expect(pageNumber.safeParse('1e20').success).toBe(false);
  });

  it('accepts every amount of whole fen up to MAX_YUAN, and fromYuan reads it back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_YUAN * 100 }), (fen) => {
        const yuan = yuanAmount().parse(fen / 100);
        expect(fromYuan(yuan.toFixed(2))).toBe(fen);
      }),
    );
  });

  it('refuses negative amounts, fractions of a fen and amounts a fen column cannot hold', () => {
    const messages = (v: unknown) =>
      yuanAmount('退款金额')
        .safeParse(v)
        .error?.issues.map((i) => i.message);
    expect(messages(-0.01)).toEqual(['退款金额不能为负数']);
    expect(messages(1.005)).toEqual(['退款金额最多两位小数']);
    expect(messages(MAX_YUAN + 1)).toEqual([`退款金额不能超过${MAX_YUAN}元`]);
    expect(messages('abc')).toEqual(['退款金额格式不正确']);
    expect(MAX_YUAN * 100).toBeLessThanOrEqual(PG_INT_MAX);
  });
});
