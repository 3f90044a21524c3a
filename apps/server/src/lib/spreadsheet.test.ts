import type ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvBytes, defuseFormula, newWorkbook, readXlsx, restoreFormula, xlsxBytes } from './spreadsheet';

/** Text that often starts with quotes and formula characters, and any text after them. */
const cellText = fc
  .tuple(
    fc.array(fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', ' ', 'a', '药'), { maxLength: 4 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
  )
  .map(([start, rest]) => start.join('') + rest);

describe('the formula rule', () => {
  it('puts a quote before text that starts with =, +, -, @, a tab or a carriage return', () => {
    for (const text of ['=HYPERLINK("http://x","点我")', '+8613800000001', '-5', '@SUM(A1)', '\t1', '\r=1'])
      expect(defuseFormula(text)).toBe(`'${text}`);
    for (const text of ['阿莫西林胶囊', '', ' =1', 'a=b', '10:8.50;50:8.20', "'quoted", '2026-01-01'])
      expect(defuseFormula(text)).toBe(text);
    // Quotes before a formula start are quoted once more, so reading back is exact.
    expect(defuseFormula("'=1")).toBe("''=1");
  });

  it('never writes text a spreadsheet runs, and reads back exactly what it was given', () => {
    fc.assert(
      fc.property(cellText, (text) => {
        const written = defuseFormula(text);
        expect(written).not.toMatch(/^[=+\-@\t\r]/);
        expect(restoreFormula(written)).toBe(text);
        // Written twice (an exported file imported and exported again), read back twice: the same.
        expect(restoreFormula(restoreFormula(defuseFormula(written)))).toBe(text);
      }),
    );
  });

  it('takes off only a quote the rule put there', () => {
    expect(restoreFormula("'=1")).toBe('=1');
    expect(restoreFormula("''-5")).toBe("'-5");
    for (const text of ["'quoted", "'", "' =1", '=1', '阿莫西林']) expect(restoreFormula(text)).toBe(text);
  });
});

describe('xlsxBytes and csvBytes', () => {
  it('defuse every text cell of every sheet and keep numbers and dates as they are', async () => {
    const workbook = newWorkbook();
    const sheet = workbook.addWorksheet('商品');
    sheet.columns = [{ header: '名称' }, { header: '数量' }, { header: '说明' }];
    sheet.addRow(['=HYPERLINK("http://evil.example","点我")', -5, '-5']);
    sheet.addRow([{ richText: [{ text: '@' }, { text: 'SUM(A1)' }] }, 12.5, new Date(Date.UTC(2026, 0, 2))]);
    sheet.addRow([{ text: '+1', hyperlink: 'https://example.com' }, 0, '阿莫西林']);
    workbook.addWorksheet('说明').addRow(['\t=1+1']);

    const read = await readXlsx(await xlsxBytes(workbook));
    const [goods, help] = read.worksheets;
    expect(goods.getRow(1).values).toEqual([undefined, '名称', '数量', '说明']);
    expect(goods.getRow(2).values).toEqual([
      undefined,
      '\'=HYPERLINK("http://evil.example","点我")',
      -5,
      "'-5",
    ]);
    const rich = goods.getRow(3).getCell(1).value as ExcelJS.CellRichTextValue;
    expect(rich.richText.map((run) => run.text).join('')).toBe("'@SUM(A1)");
    expect(goods.getRow(3).getCell(2).value).toBe(12.5);
    expect(goods.getRow(3).getCell(3).value).toEqual(new Date(Date.UTC(2026, 0, 2)));
    expect(goods.getRow(4).getCell(1).value).toMatchObject({ text: "'+1", hyperlink: 'https://example.com' });
    expect(goods.getRow(4).getCell(3).value).toBe('阿莫西林');
    expect(help.getRow(1).getCell(1).value).toBe("'\t=1+1");
  });

  it('writes CSV with a byte-order mark, quotes where needed, and formulas defused', () => {
    const text = csvBytes([
      ['品名', '数量'],
      ['=1+1', -5],
      ['a,"b"', '-5'],
      ['@x\r\ny', 3],
    ]).toString('utf8');
    expect(text).toBe('\uFEFF品名,数量\r\n\'=1+1,-5\r\n"a,""b""",\'-5\r\n"\'@x\r\ny",3\r\n');
  });
});
