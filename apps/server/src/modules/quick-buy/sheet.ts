import { QUICK_ORDER_MAX_LINES, type QuickOrderLine, readQuickOrderRow } from '@yaocai/domain';
import { fieldError } from '../../lib/errors';
import { type CellValue, readXlsx, type Workbook } from '../../lib/spreadsheet';

// A quick order as a sheet: column A the goods (name, approval number or goods code), column B
// the quantity; a first row of titles is skipped. .xlsx through ExcelJS; .csv in UTF-8 or in
// GB18030 (what Excel on a Chinese Windows saves).

const HEADER = /商品|名称|品名|关键|批准文号|文号|编码|数量/;

function tooMany(rows: number): never {
  throw fieldError('file', `一次最多${QUICK_ORDER_MAX_LINES}行，文件有${rows}行，请分批采购`);
}

function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as CellValue);
    if ('text' in value) return String(value.text);
    if (value instanceof Date) return '';
    return '';
  }
  return String(value);
}

function rowsToLines(rows: { row: number; cells: string[] }[]): QuickOrderLine[] {
  const filled = rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const first = filled[0];
  const body =
    first && HEADER.test(first.cells[0] ?? '') && !/^\s*\d+\s*$/.test(first.cells[1] ?? '')
      ? filled.slice(1)
      : filled;
  if (body.length === 0)
    throw fieldError('file', '文件中没有商品行：第一列填商品名称或批准文号，第二列填数量');
  if (body.length > QUICK_ORDER_MAX_LINES) tooMany(body.length);
  return body.map((r) => readQuickOrderRow(r.row, r.cells[0] ?? '', r.cells[1]));
}

function decodeText(bytes: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  if (!utf8.includes('\uFFFD')) return utf8;
  return new TextDecoder('gb18030').decode(bytes);
}

/** One CSV record's cells (quotes as Excel writes them: "a, b" and "" inside). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',' || c === '\t' || c === ';') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

export async function readQuickOrderFile(bytes: Buffer, filename: string): Promise<QuickOrderLine[]> {
  const name = filename.toLowerCase();
  const isZip = bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;
  if (name.endsWith('.xlsx') || isZip) {
    if (!isZip) throw fieldError('file', '文件不是有效的 .xlsx 表格');
    let book: Workbook;
    try {
      book = await readXlsx(bytes);
    } catch {
      throw fieldError('file', '文件不是有效的 .xlsx 表格');
    }
    const sheet = book.worksheets[0];
    if (!sheet) throw fieldError('file', '表格中没有工作表');
    // A sheet far over the limit is refused before its rows are read.
    if (sheet.actualRowCount > QUICK_ORDER_MAX_LINES + 1) tooMany(sheet.actualRowCount);
    const rows: { row: number; cells: string[] }[] = [];
    sheet.eachRow((row, number) => {
      rows.push({ row: number, cells: [cellText(row.getCell(1).value), cellText(row.getCell(2).value)] });
    });
    return rowsToLines(rows);
  }
  if (name.endsWith('.csv') || name.endsWith('.txt')) {
    if (bytes.includes(0)) throw fieldError('file', '文件不是文本格式的 .csv');
    const lines = decodeText(bytes).split(/\r\n|\r|\n/);
    if (lines.filter((l) => l.trim() !== '').length > QUICK_ORDER_MAX_LINES + 1) {
      tooMany(lines.filter((l) => l.trim() !== '').length);
    }
    return rowsToLines(lines.map((l, i) => ({ row: i + 1, cells: csvCells(l) })));
  }
  throw fieldError('file', '请上传 .xlsx 或 .csv 文件');
}
