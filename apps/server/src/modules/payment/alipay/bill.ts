// Alipay's trade bill (alipay.data.dataservice.bill.downloadurl.query, bill_type trade): a zip
// holding CSV files in GBK, the details one (业务明细) with '#' comment lines around a table
// whose header names its columns. Each 交易 row is money in, each 退款 row money out (its
// amount written negative).
import { fromYuan } from '@yaocai/domain';
import { unzipSync } from 'fflate';
import type { BillLine } from '../provider';

const COLUMNS = {
  transactionId: '支付宝交易号',
  outTradeNo: '商户订单号',
  kind: '业务类型',
  amount: '订单金额（元）',
  refundNo: '退款批次号/请求号',
} as const;

/** One CSV line's fields (quoted fields allowed); Alipay pads values with tabs and spaces. */
function fields(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(current.trim());
      current = '';
    } else current += c;
  }
  out.push(current.trim());
  return out;
}

/** The details table of one CSV text, or undefined when it has none. */
export function parseBillCsv(text: string): BillLine[] | undefined {
  const lines = text.split(/\r?\n/);
  const headerAt = lines.findIndex((l) => l.startsWith(COLUMNS.transactionId));
  if (headerAt < 0) return undefined;
  const header = fields(lines[headerAt]);
  const index = Object.fromEntries(
    Object.entries(COLUMNS).map(([key, name]) => [key, header.indexOf(name)]),
  ) as Record<keyof typeof COLUMNS, number>;
  if (index.outTradeNo < 0 || index.kind < 0 || index.amount < 0) return undefined;
  const out: BillLine[] = [];
  for (const line of lines.slice(headerAt + 1)) {
    if (line.startsWith('#')) break;
    if (!line.trim()) continue;
    const row = fields(line);
    const kind = row[index.kind] === '交易' ? 'pay' : row[index.kind] === '退款' ? 'refund' : undefined;
    if (!kind) continue;
    const refundNo = index.refundNo >= 0 ? row[index.refundNo] : '';
    out.push({
      outTradeNo: row[index.outTradeNo],
      transactionId: row[index.transactionId],
      kind,
      amountFen: Math.abs(fromYuan(row[index.amount])),
      ...(kind === 'refund' && refundNo ? { refundNo } : {}),
    });
  }
  return out;
}

/** The bill's lines, from whichever file of the zip holds the details table (undefined: none). */
export function parseAlipayBill(zip: Uint8Array): BillLine[] | undefined {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip);
  } catch {
    return undefined;
  }
  const gbk = new TextDecoder('gbk');
  for (const [name, bytes] of Object.entries(files)) {
    // The summary file (汇总) has no details table; its name's encoding varies, the content not.
    if (name.endsWith('/')) continue;
    try {
      const lines = parseBillCsv(gbk.decode(bytes));
      if (lines) return lines;
    } catch {
      return undefined; // an amount that is no amount: not a bill we can read
    }
  }
  return undefined;
}
