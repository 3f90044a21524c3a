import { CART_MAX_QUANTITY } from './limits';

// 快捷采购's quick order box (/kjcg): a store pastes lines, or uploads a sheet, of "name or
// approval number or goods code, quantity". This file reads those lines; the server matches
// each keyword against the catalogue.

/** Most lines one quick order may carry (a pasted text or an uploaded file). */
export const QUICK_ORDER_MAX_LINES = 200;
/** Longest keyword kept of a line (longer text is not a goods name). */
export const QUICK_ORDER_MAX_KEYWORD = 60;

export interface QuickOrderLine {
  /** 1-based line of the text or row of the sheet, as the store sees it. */
  line: number;
  keyword: string;
  /** Absent: the goods' minimum quantity. */
  quantity: number | null;
  /** Why the line cannot be read (a quantity that is not a positive whole number). */
  error: string | null;
}

/** Splits "keyword quantity" on a tab, a comma (either width), or the last run of spaces. */
function splitLine(text: string): [string, string | undefined] {
  const cells = text
    .split(/\t|,|，|;|；/)
    .map((c) => c.trim())
    .filter((c) => c !== '');
  if (cells.length >= 2) return [cells.slice(0, -1).join(' '), cells.at(-1)];
  const only = cells[0] ?? '';
  const spaced = /^(.*\S)\s+(\S+)$/.exec(only);
  // "阿莫西林胶囊 20" or "阿莫西林胶囊 20盒": the last word is a quantity when it reads as one;
  // "布洛芬缓释胶囊 0.3g*24粒" is a name with its specification.
  if (spaced && readQuantity(spaced[2]).quantity !== null) return [spaced[1], spaced[2]];
  return [only, undefined];
}

/** A quantity as typed: digits (full-width too), optionally followed by a unit such as 盒. */
export function readQuantity(raw: string | undefined): { quantity: number | null; error: string | null } {
  if (raw === undefined || raw.trim() === '') return { quantity: null, error: null };
  const ascii = raw.trim().replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  const match = /^(\d+)(?:\s*[\u4e00-\u9fa5a-zA-Z]{1,4})?$/.exec(ascii);
  if (!match) return { quantity: null, error: `数量“${raw.trim().slice(0, 20)}”不是正整数` };
  const n = Number(match[1]);
  if (n < 1) return { quantity: null, error: '数量至少为1' };
  if (n > CART_MAX_QUANTITY) return { quantity: null, error: '数量超出上限' };
  return { quantity: n, error: null };
}

/** One row of text or of a sheet: its keyword and quantity, or why it cannot be read. */
export function readQuickOrderRow(line: number, keywordCell: string, quantityCell?: string): QuickOrderLine {
  // Control characters (a NUL from a pasted binary, say) and halves of surrogate pairs (a sheet's
  // _xD800_) are no part of a goods name, and PostgreSQL refuses NUL in text.
  const keyword = keywordCell
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f]|\p{Cs}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, QUICK_ORDER_MAX_KEYWORD)
    // The cut may fall inside a pair (an emoji at the limit): its first half goes too.
    .replace(/\p{Cs}$/u, '')
    .trim();
  const { quantity, error } = readQuantity(quantityCell);
  return { line, keyword, quantity, error: keyword === '' ? '请填写商品名称或批准文号' : error };
}

/**
 * The lines of a pasted quick order; blank lines are skipped (a line keeps its number in the
 * text). Does not cap the count: the caller refuses more than QUICK_ORDER_MAX_LINES whole.
 */
export function parseQuickOrderText(text: string): QuickOrderLine[] {
  const out: QuickOrderLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    const [keyword, quantity] = splitLine(raw);
    out.push(readQuickOrderRow(i + 1, keyword, quantity));
  });
  return out;
}
