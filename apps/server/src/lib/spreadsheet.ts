import ExcelJS from 'exceljs';

// Every spreadsheet the server writes (.xlsx through ExcelJS, CSV) or reads goes through here, so
// no export can forget the formula rule: text beginning with =, +, -, @, a tab or a carriage return
// is what Excel, WPS and LibreOffice read as a formula when a person edits the cell or opens the
// file as CSV (issue #30: a goods named =HYPERLINK(...) went out as it was). As OWASP recommends,
// such text is written after a single quote, which keeps it readable and never runs it; numbers
// stay numbers. Reading a file back takes off a quote written by this rule and no other.

export type { CellValue, Workbook, Worksheet } from 'exceljs';

/** Text a spreadsheet would read as a formula, after the quotes this rule may have added. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A quote this rule added: before text that starts a formula (or before another such quote). */
const ADDED_QUOTE = /^'+[=+\-@\t\r]/;

/**
 * Text as a cell may carry it: a quote before text that starts a formula. Text that already starts
 * with quotes before one is quoted again, so restoreFormula gives back exactly what was written.
 */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text defuseFormula was given: one leading quote off, when the rule put it there. */
export function restoreFormula(text: string): string {
  return ADDED_QUOTE.test(text) ? text.slice(1) : text;
}

/** A cell's value with its text defused: strings, rich text and link text; numbers and dates as they are. */
function defusedValue(value: ExcelJS.CellValue): ExcelJS.CellValue {
  if (typeof value === 'string') return defuseFormula(value);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) {
    const text = value.richText.map((run) => run.text).join('');
    if (!FORMULA_START.test(text) || value.richText.length === 0) return value;
    const [first, ...rest] = value.richText;
    return { richText: [{ ...first, text: `'${first.text}` }, ...rest] };
  }
  if ('hyperlink' in value && typeof value.text === 'string')
    return { ...value, text: defuseFormula(value.text) };
  return value;
}

/** A new workbook, made by 药采. */
export function newWorkbook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '药采';
  return workbook;
}

/** The .xlsx file of a workbook, every text cell of every sheet defused first. */
export async function xlsxBytes(workbook: ExcelJS.Workbook): Promise<Buffer> {
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const value = defusedValue(cell.value);
        if (value !== cell.value) cell.value = value;
      }),
    ),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Reads an uploaded .xlsx (throws as ExcelJS does when the bytes are not one). */
export async function readXlsx(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** A CSV cell: defused, then quoted when it holds a comma, a quote or a line break. */
function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = defuseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV file of rows, in UTF-8 with a byte-order mark so Excel opens its Chinese intact. */
export function csvBytes(rows: readonly (readonly (string | number)[])[]): Buffer {
  return Buffer.from(`\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`, 'utf8');
}
