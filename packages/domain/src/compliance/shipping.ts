import type { IsoDate } from '../time/beijing';

// What shipping decides about the goods that leave the warehouse (GSP): which batches an order
// line takes (first expiry, first out) and whether a trace code (药品追溯码) is well formed.
// Readings are in README.md beside this file.

/** Papers a store may ask to travel with its order (chosen at step 2, printed on the 随货同行单). */
export const shippingPapers = [
  { code: 'company_first', name: '企业首营资料' },
  { code: 'goods_first', name: '商品首营资料' },
  { code: 'inspection', name: '药检报告' },
] as const;
export type ShippingPaper = (typeof shippingPapers)[number]['code'];
export const shippingPaperCodes = shippingPapers.map((p) => p.code) as [ShippingPaper, ...ShippingPaper[]];
export const shippingPaperNames = (codes: readonly string[]): string[] =>
  shippingPapers.filter((p) => codes.includes(p.code)).map((p) => p.name);

/** Scope classes that are drugs: their packs carry trace codes (devices and foods do not). */
export const tracedScopeClasses: readonly string[] = ['cfy', 'fcfy', 'zcy', 'hxyzj', 'kssz', 'shyp', 'swzp'];

/** A batch as allocation reads it: what it still holds in the line's warehouse. */
export interface StockBatch {
  id: number;
  batchNo: string;
  expiresOn: IsoDate;
  quantity: number;
}

export interface BatchTake {
  batchId: number;
  batchNo: string;
  expiresOn: IsoDate;
  quantity: number;
}

/**
 * First-expiry-first-out: takes `need` units from the batches that are still in date on `today`
 * (a batch expiring today no longer ships), earliest expiry first, then the batch received first
 * (lower id). Returns the takes, or how many units the in-date batches lack.
 */
export function allocateFefo(
  batches: readonly StockBatch[],
  need: number,
  today: IsoDate,
): { ok: true; takes: BatchTake[] } | { ok: false; available: number } {
  const usable = batches
    .filter((b) => b.quantity > 0 && b.expiresOn > today)
    .sort((a, b) => (a.expiresOn === b.expiresOn ? a.id - b.id : a.expiresOn < b.expiresOn ? -1 : 1));
  const takes: BatchTake[] = [];
  let left = need;
  for (const b of usable) {
    if (left === 0) break;
    const quantity = Math.min(left, b.quantity);
    takes.push({ batchId: b.id, batchNo: b.batchNo, expiresOn: b.expiresOn, quantity });
    left -= quantity;
  }
  if (left > 0) return { ok: false, available: need - left };
  return { ok: true, takes };
}

/** GS1 mod-10 check digit of a GTIN-14 (the last digit) is right. */
export function gtinCheckDigitOk(gtin: string): boolean {
  if (!/^\d{14}$/.test(gtin)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(gtin[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(gtin[13]);
}

const GS = '\u001d';
/** Fixed-length GS1 application identifiers a drug pack label carries, with their lengths. */
const FIXED_AI: Record<string, number> = { '01': 14, '11': 6, '17': 6 };
const VARIABLE_AI = new Set(['10', '21']);

/** The element strings of a GS1 code, or null when it is not one we read. */
function gs1Elements(text: string): Map<string, string> | null {
  const elements = new Map<string, string>();
  if (text.startsWith('(')) {
    const re = /\((\d{2})\)([^()]+)/gy;
    let match: RegExpExecArray | null = re.exec(text);
    while (match) {
      elements.set(match[1], match[2]);
      if (re.lastIndex === text.length) return elements;
      match = re.exec(text);
    }
    return null;
  }
  // Scanner output: fixed-length elements run on, a variable one ends at GS or at the end.
  let at = 0;
  while (at < text.length) {
    const ai = text.slice(at, at + 2);
    at += 2;
    if (ai in FIXED_AI) {
      const value = text.slice(at, at + FIXED_AI[ai]);
      if (value.length !== FIXED_AI[ai]) return null;
      elements.set(ai, value);
      at += FIXED_AI[ai];
    } else if (VARIABLE_AI.has(ai)) {
      const end = text.indexOf(GS, at);
      const value = text.slice(at, end === -1 ? text.length : end);
      elements.set(ai, value);
      at = end === -1 ? text.length : end + 1;
    } else return null;
  }
  return elements;
}

/**
 * A trace code in one canonical form, or the reason it is refused. Two forms are read: the
 * 20-digit 药品追溯码 (digits only), and GS1 codes (bracketed `(01)…(21)…`, or as a scanner
 * sends them) with a GTIN whose check digit is right and a serial number (AI 21); a GS1 code is
 * kept as `01<GTIN>21<serial>`, so one pack written both ways is the same code.
 */
export function readTraceCode(raw: string): { ok: true; code: string } | { ok: false; reason: string } {
  const text = raw.trim();
  if (/^\d{20}$/.test(text)) return { ok: true, code: text };
  if (/^\d+$/.test(text) && !text.startsWith('01'))
    return { ok: false, reason: `追溯码 ${text} 应为20位数字（现为${text.length}位）` };
  const elements = gs1Elements(text);
  if (!elements) return { ok: false, reason: `追溯码 ${text} 不是20位药品追溯码，也不是可识别的GS1编码` };
  const gtin = elements.get('01');
  const serial = elements.get('21');
  if (!gtin || !gtinCheckDigitOk(gtin))
    return { ok: false, reason: `追溯码 ${text} 的商品条码（01）校验位不正确` };
  if (!serial || !/^[\x21-\x7e]{1,20}$/.test(serial))
    return { ok: false, reason: `追溯码 ${text} 缺少序列号（21），或序列号超过20位` };
  return { ok: true, code: `01${gtin}21${serial}` };
}

/**
 * The codes an operator scanned or pasted for one line: one per pack, separated by line breaks,
 * spaces, commas or semicolons. Returns the canonical codes, or every problem found (badly formed
 * codes, a code given twice, a count that is not the line's quantity).
 */
export function readLineTraceCodes(
  text: string,
  quantity: number,
): { ok: true; codes: string[] } | { ok: false; problems: string[] } {
  const parts = text.split(/[\s,，;；]+/).filter(Boolean);
  const problems: string[] = [];
  const codes: string[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    const read = readTraceCode(part);
    if (!read.ok) problems.push(read.reason);
    else if (seen.has(read.code)) problems.push(`追溯码 ${part} 重复录入`);
    else {
      seen.add(read.code);
      codes.push(read.code);
    }
  }
  if (problems.length === 0 && codes.length !== quantity)
    problems.push(`应录入${quantity}个追溯码（每件一个），现为${codes.length}个`);
  return problems.length ? { ok: false, problems } : { ok: true, codes };
}
