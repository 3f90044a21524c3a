import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LONE_SURROGATE } from '../api/limits';
import { parseQuickOrderText, readQuantity, readQuickOrderRow } from './quick-order';

describe('quick order lines', () => {
  it('reads keyword and quantity separated by a tab, a comma of either width, or spaces', () => {
    const text = [
      '阿莫西林胶囊\t20',
      '国药准字H13023964,10',
      'amxl，5',
      '  连花清瘟胶囊  12盒 ',
      '',
      '布洛芬缓释胶囊 0.3g*24粒',
      '999感冒灵颗粒',
      '板蓝根 ３０',
      '维生素C片,2.5',
    ].join('\n');
    expect(parseQuickOrderText(text)).toEqual([
      { line: 1, keyword: '阿莫西林胶囊', quantity: 20, error: null },
      { line: 2, keyword: '国药准字H13023964', quantity: 10, error: null },
      { line: 3, keyword: 'amxl', quantity: 5, error: null },
      { line: 4, keyword: '连花清瘟胶囊', quantity: 12, error: null },
      // A specification's digits are part of the name when they do not stand alone.
      { line: 6, keyword: '布洛芬缓释胶囊 0.3g*24粒', quantity: null, error: null },
      { line: 7, keyword: '999感冒灵颗粒', quantity: null, error: null },
      { line: 8, keyword: '板蓝根', quantity: 30, error: null },
      { line: 9, keyword: '维生素C片', quantity: null, error: '数量“2.5”不是正整数' },
    ]);
  });

  it('names what is wrong with a quantity', () => {
    expect(readQuantity('0').error).toBe('数量至少为1');
    expect(readQuantity('-3').error).toBe('数量“-3”不是正整数');
    expect(readQuantity('2.5').error).toBe('数量“2.5”不是正整数');
    expect(readQuantity('99999999').error).toBe('数量超出上限');
    expect(readQuantity(undefined)).toEqual({ quantity: null, error: null });
  });

  it('never throws, keeps line numbers increasing, and never returns an empty keyword without an error', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const lines = parseQuickOrderText(text);
        for (let i = 1; i < lines.length; i++) expect(lines[i].line).toBeGreaterThan(lines[i - 1].line);
        for (const l of lines) {
          expect(l.keyword.length).toBeLessThanOrEqual(60);
          if (l.keyword === '') expect(l.error).not.toBeNull();
          if (l.quantity !== null) expect(Number.isSafeInteger(l.quantity) && l.quantity >= 1).toBe(true);
        }
      }),
    );
  });

  it('keeps no half of a surrogate pair, from the cell or from the cut at the length limit', () => {
    const [cell, cut] = [
      readQuickOrderRow(2, '维生素\ud800C片', '3'),
      readQuickOrderRow(3, `${'药'.repeat(59)}😀`),
    ];
    expect(cell).toEqual({ line: 2, keyword: '维生素 C片', quantity: 3, error: null });
    expect(cut.keyword).toBe('药'.repeat(59));
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        for (const l of parseQuickOrderText(text)) expect(LONE_SURROGATE.test(l.keyword)).toBe(false);
      }),
    );
  });

  it('reads back any keyword and quantity it is given', () => {
    const word = fc.stringMatching(/^[\u4e00-\u9fa5A-Za-z][\u4e00-\u9fa5A-Za-z0-9*.]{0,20}$/);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, fc.integer({ min: 1, max: 100000 })), { maxLength: 50 }),
        (rows) => {
          const text = rows.map(([k, q]) => `${k}\t${q}`).join('\n');
          expect(parseQuickOrderText(text).map((l) => [l.keyword, l.quantity])).toEqual(rows);
        },
      ),
    );
  });
});
