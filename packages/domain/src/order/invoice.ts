import type { Fen } from '../money';
import { prorate } from '../pricing/prorate';
import { linePaidAmounts } from './refund';
import type { OrderStatus } from './state-machine';
import { SHIPPING_TAX, taxedItemName } from './tax-codes';

// 电子发票: what an invoice of an order says. The buyer asks for one at step 2 (or later on
// /dzfp), finance (invoices:write) issues it once the order is paid, and its lines are fixed at
// that moment: each goods line at what the buyer paid for it (the order's coupon, points and
// refunds spread over the lines, so the invoice adds up to the money received), split into
// amount before tax and tax at the goods' VAT rate, as a Chinese VAT invoice prints them.

/** 1 普通发票 (ordinary), 2 增值税专用发票 (special VAT invoice). */
export const invoiceTypes = [
  { code: 1, name: '电子发票（普通发票）', short: '普通发票' },
  { code: 2, name: '电子发票（增值税专用发票）', short: '增值税专用发票' },
] as const;
export const invoiceTypeName = (type: number) =>
  invoiceTypes.find((t) => t.code === type)?.short ?? '不开发票';
export const invoiceTitleOf = (type: number) => invoiceTypes.find((t) => t.code === type)?.name ?? '电子发票';

/**
 * The stored life cycle: requested, then issuing (sent to the e-invoice provider, its answer
 * awaited) and issued, or failed (the provider refused: 财务's to-do, to issue again), or returned
 * to the buyer to correct. An issued blue invoice whose money partly or wholly came back is
 * reversed (已红冲) by a red-letter invoice.
 */
export const invoiceStatuses = ['requested', 'issuing', 'issued', 'failed', 'rejected', 'reversed'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** blue: an ordinary (positive) invoice; red: 红字发票, the negative of an issued blue one. */
export const invoiceKinds = [
  { code: 'blue', name: '蓝字发票' },
  { code: 'red', name: '红字发票' },
] as const;
export type InvoiceKind = (typeof invoiceKinds)[number]['code'];
export const invoiceKindName = (kind: string) => invoiceKinds.find((k) => k.code === kind)?.name ?? kind;

/** What the buyer and the console show: the stored status read together with the order's. */
export const invoiceStates = [
  { code: 'awaiting_payment', name: '待付款', hint: '订单付款后开具' },
  { code: 'pending', name: '待开票', hint: '财务将在订单付款后3个工作日内开具' },
  { code: 'on_hold', name: '售后处理中', hint: '售后完成后开具' },
  { code: 'issuing', name: '开具中', hint: '已提交开票平台，等待开具结果' },
  { code: 'failed', name: '开具失败', hint: '开票平台未能开具，财务处理后重新开具' },
  { code: 'issued', name: '已开票', hint: '可下载PDF' },
  { code: 'reversed', name: '已红冲', hint: '订单发生退款，已开具红字发票冲销' },
  { code: 'rejected', name: '已退回', hint: '请修改开票信息后重新提交' },
  { code: 'void', name: '已作废', hint: '订单已取消或已全额退款，不再开具' },
] as const;
export type InvoiceState = (typeof invoiceStates)[number]['code'];
export const invoiceStateName = (code: InvoiceState) =>
  invoiceStates.find((s) => s.code === code)?.name ?? code;

const HELD: readonly OrderStatus[] = ['after_sale_requested', 'after_sale_approved'];

/**
 * The state of an invoice given its order; `issuable` says finance may issue it now. A red
 * invoice follows money that already came back, so the order's state never holds or voids it.
 */
export function invoiceState(
  status: InvoiceStatus,
  order: { status: OrderStatus; paid: boolean; netFen: Fen },
  kind: InvoiceKind = 'blue',
): InvoiceState {
  if (status === 'issued' || status === 'reversed' || status === 'issuing') return status;
  if (kind === 'red') return status === 'failed' ? 'failed' : 'pending';
  if (order.status === 'cancelled' || (order.paid && order.netFen <= 0)) return 'void';
  if (status === 'failed') return 'failed';
  if (status === 'rejected') return 'rejected';
  if (!order.paid) return 'awaiting_payment';
  if (HELD.includes(order.status)) return 'on_hold';
  return 'pending';
}
/** 财务 may issue a pending invoice, or one the provider refused once the cause is dealt with. */
export const invoiceIssuable = (state: InvoiceState) => state === 'pending' || state === 'failed';
/** The buyer may change the title or tax number until the invoice is issued or void. */
export const invoiceEditable = (state: InvoiceState) =>
  state === 'awaiting_payment' ||
  state === 'pending' ||
  state === 'on_hold' ||
  state === 'rejected' ||
  state === 'failed';

export interface InvoiceSourceLine {
  id: number;
  name: string;
  spec: string;
  unit: string;
  quantity: number;
  /** What the order line charged after its own reductions. */
  payableFen: Fen;
  /** The goods' 税收分类编码 and VAT rate (percent), as the goods carries them. */
  taxCode: string;
  taxRate: number;
}

export interface InvoiceLine {
  /** *简称*name, as the tax code's short name prints it. */
  name: string;
  /** 税收分类编码 (19 digits). */
  taxCode: string;
  spec: string;
  unit: string;
  quantity: number;
  rate: number;
  /** Amount before tax, tax and both together, in fen; amount + tax = total. */
  amountFen: Fen;
  taxFen: Fen;
  totalFen: Fen;
}

export interface InvoiceFigures {
  lines: InvoiceLine[];
  amountFen: Fen;
  taxFen: Fen;
  totalFen: Fen;
}

/**
 * Splits a tax-inclusive amount in integer fen: amount = round(total x 100 / (100 + rate)), half
 * away from zero (so a red line is exactly the negative of its blue one), tax = the rest. Amount
 * plus tax is the total by construction: no fen is lost or made.
 */
export function splitTax(totalFen: Fen, rate: number): { amountFen: Fen; taxFen: Fen } {
  if (!Number.isSafeInteger(totalFen) || !Number.isInteger(rate) || rate < 0)
    throw new RangeError(`cannot split ${totalFen} fen at ${rate}%`);
  const sign = totalFen < 0 ? -1 : 1;
  const abs = Math.abs(totalFen);
  // Integer half-up: floor((2 x abs x 100 + (100 + rate)) / (2 x (100 + rate))).
  const amount = Math.floor((2 * abs * 100 + (100 + rate)) / (2 * (100 + rate)));
  // `|| 0`: a red line of 0 fen is 0, not -0 (which JSON and Object.is tell apart).
  const amountFen = sign * amount || 0;
  return { amountFen, taxFen: totalFen - amountFen || 0 };
}

/**
 * The lines of an invoice: goods lines at what was paid for them after the order-level
 * deductions (coupon, points, refunds) are spread by the largest-remainder rule, plus a shipping
 * line. The invoice's total is the order's total less its refunds, to the fen.
 */
export function invoiceFigures(
  lines: readonly InvoiceSourceLine[],
  order: { deductionFen: Fen; shippingFen: Fen; refundedFen: Fen },
): InvoiceFigures {
  const goodsFen = lines.reduce((s, l) => s + l.payableFen, 0);
  // What each line was paid (the after-sale refund's rule), then the refunds over those.
  const paid = linePaidAmounts(lines, order.deductionFen);
  const goodsPaidFen = paid.reduce((s, p) => s + p, 0);
  const refunded = prorate(
    Math.min(goodsPaidFen, order.refundedFen),
    lines.map((l, i) => ({ id: l.id, weight: paid[i] })),
  );
  // A refund larger than the goods comes out of the shipping line.
  const shippingFen = Math.max(
    0,
    order.shippingFen - Math.max(0, order.deductionFen + order.refundedFen - goodsFen),
  );
  const out: InvoiceLine[] = [];
  lines.forEach((l, i) => {
    const totalFen = paid[i] - refunded[i];
    if (totalFen <= 0) return;
    const rate = l.taxRate;
    out.push({
      name: taxedItemName(l.taxCode, l.name),
      taxCode: l.taxCode,
      spec: l.spec,
      unit: l.unit,
      quantity: l.quantity,
      rate,
      totalFen,
      ...splitTax(totalFen, rate),
    });
  });
  if (shippingFen > 0)
    out.push({
      name: taxedItemName(SHIPPING_TAX.code, SHIPPING_TAX.name),
      taxCode: SHIPPING_TAX.code,
      spec: '',
      unit: '次',
      quantity: 1,
      rate: SHIPPING_TAX.rate,
      totalFen: shippingFen,
      ...splitTax(shippingFen, SHIPPING_TAX.rate),
    });
  return sumUp(out);
}

const sumUp = (lines: InvoiceLine[]): InvoiceFigures => ({
  lines,
  amountFen: lines.reduce((s, l) => s + l.amountFen, 0),
  taxFen: lines.reduce((s, l) => s + l.taxFen, 0),
  totalFen: lines.reduce((s, l) => s + l.totalFen, 0),
});

/**
 * The red-letter invoice (红字发票) of an issued blue one: every line negated (quantity, amount,
 * tax, total), so blue plus red is zero to the fen, line by line.
 */
export function redFigures(blue: readonly InvoiceLine[]): InvoiceFigures {
  return sumUp(
    blue.map((l) => ({
      ...l,
      quantity: -l.quantity,
      amountFen: -l.amountFen,
      taxFen: -l.taxFen,
      totalFen: -l.totalFen,
    })),
  );
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿', '万亿'];

/** Four digits (0..9999) in capitals; zeros inside collapse to one 零, trailing zeros drop. */
function section(n: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d] + SMALL_UNITS[i];
  }
  return out;
}

/**
 * An amount in Chinese capital numerals (价税合计大写), as invoices and cheques write it:
 * 12345.60 -> 壹万贰仟叁佰肆拾伍元陆角, 100 -> 壹佰元整, 0.05 -> 伍分, 1005.00 -> 壹仟零伍元整.
 */
export function yuanInCapitals(fen: Fen): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not an amount: ${fen}`);
  if (fen < 0) return `负${yuanInCapitals(-fen)}`;
  if (fen === 0) return '零元整';
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  const sections: number[] = [];
  for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10000)) sections.push(rest % 10000);
  let whole = '';
  let pendingZero = false;
  for (let i = sections.length - 1; i >= 0; i--) {
    const part = sections[i];
    if (part === 0) {
      pendingZero = whole !== '';
      continue;
    }
    if (whole && (pendingZero || part < 1000)) whole += '零';
    whole += section(part) + BIG_UNITS[i];
    pendingZero = false;
  }
  let out = whole ? `${whole}元` : '';
  if (jiao === 0 && cents === 0) return `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (whole) out += '零';
  if (cents > 0) out += `${DIGITS[cents]}分`;
  return out;
}

/**
 * A 20-digit 全电发票号码 from the invoice's id: two digits of the year, the region (11,
 * Beijing), the issuing channel (7), and the id padded to 15 digits: unique per id.
 */
export function invoiceNumber(id: number, issuedOn: string): string {
  return `${issuedOn.slice(2, 4)}117${String(id).padStart(15, '0')}`;
}
