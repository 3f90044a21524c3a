import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromYuan } from '../money';
import {
  calendarDate,
  isCalendarDate,
  MAX_YUAN,
  multiLineText,
  PG_INT_MAX,
  pageNumber,
  recordId,
  singleLineText,
  yuanAmount,
} from './input';

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

describe('text building blocks', () => {
  const messages = (
    schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
    v: unknown,
  ) => schema.safeParse(v).error?.issues.map((i) => i.message);

  it('refuses control characters and line breaks in single-line text, with the label', () => {
    const title = singleLineText('发票抬头', 10);
    expect(title.parse('  测试大药房 ')).toBe('测试大药房');
    for (const bad of ['a\u0000b', 'a\nb', 'a\tb', 'a\u007fb'])
      expect(messages(title, bad), JSON.stringify(bad)).toEqual(['发票抬头不能包含换行或控制字符']);
    expect(messages(title, 'x'.repeat(11))).toEqual(['发票抬头最多10个字']);
    expect(messages(title, 42)).toEqual(['发票抬头格式不正确']);
  });

  it('keeps line breaks and tabs in multi-line text but refuses NUL', () => {
    const remark = multiLineText('备注', 20);
    expect(remark.parse('第一行\n第二行\t完')).toBe('第一行\n第二行\t完');
    expect(messages(remark, '第一行\u0000')).toEqual(['备注不能包含控制字符']);
  });

  it('refuses half a surrogate pair standing alone but keeps a whole pair (an emoji)', () => {
    const title = singleLineText('发票抬头', 10);
    const remark = multiLineText('备注', 20);
    for (const bad of ['\ud800', 'a\udc00', '\ud83d测试', '测试\ude00']) {
      expect(messages(title, bad), JSON.stringify(bad)).toEqual(['发票抬头含有无法识别的字符，请删除后重试']);
      expect(messages(remark, bad), JSON.stringify(bad)).toEqual(['备注含有无法识别的字符，请删除后重试']);
    }
    expect(title.parse('药房\ud83d\ude00')).toBe('药房😀');
    expect(remark.parse('\ud842\udfb7记')).toBe('𠮷记');
  });
});

describe('calendar dates', () => {
  it('knows the days the calendar has, years before 100 included', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    for (const bad of ['2025-02-29', '2025-13-01', '2025-04-31', '0001-02-30', '2025-1-1', '20250101'])
      expect(isCalendarDate(bad), bad).toBe(false);
    expect(isCalendarDate('0001-01-01')).toBe(true);
  });

  it('takes days from 2000-01-01 to 2099-12-31, with one message for each problem', () => {
    const start = calendarDate('开始日期');
    expect(start.parse('2000-01-01')).toBe('2000-01-01');
    expect(start.parse('2099-12-31')).toBe('2099-12-31');
    const messages = (v: unknown) => start.safeParse(v).error?.issues.map((i) => i.message);
    expect(messages('1999-12-31')).toEqual(['开始日期须在2000-01-01至2099-12-31之间']);
    expect(messages('0001-01-01')).toEqual(['开始日期须在2000-01-01至2099-12-31之间']);
    expect(messages('2100-01-01')).toEqual(['开始日期须在2000-01-01至2099-12-31之间']);
    expect(messages('2025-02-30')).toEqual(['开始日期不是有效的日期']);
    expect(messages('10000-01-01')).toEqual(['开始日期格式应为 YYYY-MM-DD']);
    expect(messages(20250101)).toEqual(['开始日期格式应为 YYYY-MM-DD']);
  });

  it('accepts every day of the range', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (d) => {
          expect(calendarDate().safeParse(d.toISOString().slice(0, 10)).success).toBe(true);
        },
      ),
    );
  });
});
