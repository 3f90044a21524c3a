import type { Fen } from '../money';
import { prorate } from '../pricing/prorate';
import type { OrderStatus } from './state-machine';

// 售后退款: what an after-sale gives back. One rule, shared with the invoice (invoiceFigures):
// a line's paid amount is its payable (after its own reductions and its full-reduction share)
// less its share of the order's coupon and points, split by the largest-remainder rule over the
// payables. Shipping belongs to no line, so no return of goods takes a share of it: the operator
// gives shipping back by raising the refund (never above what the order can still refund).

export interface PaidLineSource {
  id: number;
  quantity: number;
  /** What the line charged after its own reductions (order_lines.payable_fen). */
  payableFen: Fen;
}

/** Units of a line an after-sale returns. */
export interface ReturnLine {
  lineId: number;
  quantity: number;
}

/** What the buyer paid for each line (input order): payable less its share of coupon and points. */
export function linePaidAmounts(lines: readonly PaidLineSource[], deductionFen: Fen): Fen[] {
  const goodsFen = lines.reduce((s, l) => s + l.payableFen, 0);
  const shares = prorate(
    Math.min(goodsFen, Math.max(0, deductionFen)),
    lines.map((l) => ({ id: l.id, weight: l.payableFen })),
  );
  return lines.map((l, i) => l.payableFen - shares[i]);
}

/** floor(a x b / c) exactly, also when a x b passes 2^53. */
function mulDivFloor(a: number, b: number, c: number): number {
  const product = a * b;
  if (Number.isSafeInteger(product)) return Math.floor(product / c);
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/**
 * The refund for `returning` more units of a line of which `before` units came back earlier:
 * the pro-rata share of the line's paid amount for all units back so far, rounded down to the
 * fen, less what the earlier returns got. The parts of several after-sales therefore add up to
 * exactly the line's paid amount once every unit is back, and never more before.
 */
export function unitsRefundFen(paidFen: Fen, quantity: number, before: number, returning: number): Fen {
  if (returning < 0 || before < 0 || before + returning > quantity)
    throw new RangeError(`cannot return ${returning} of ${quantity - before} units left`);
  if (quantity === 0) return 0;
  return mulDivFloor(paidFen, before + returning, quantity) - mulDivFloor(paidFen, before, quantity);
}

/** An after-sale as far as refunds go: its decision and the units it named. */
export interface AfterSaleUnits {
  status: string;
  lines: readonly ReturnLine[];
}

/**
 * Units already settled per line: the lines of approved after-sales, whatever the operator
 * refunded for them (a unit whose share rounds to 0 fen is still back, so the next return's
 * share is counted from it and the parts still add up to the line's paid amount).
 */
export function returnedUnits(afterSales: readonly AfterSaleUnits[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const a of afterSales) {
    if (a.status !== 'approved') continue;
    for (const l of a.lines) out.set(l.lineId, (out.get(l.lineId) ?? 0) + l.quantity);
  }
  return out;
}

export interface RefundOrder {
  lines: readonly PaidLineSource[];
  /** Coupon + points: the order-level deductions spread over the lines. */
  deductionFen: Fen;
}

/**
 * The suggested refund of an after-sale: for each line it returns, the refund of its units given
 * the units returned before (`returned`). Throws a RangeError for an unknown line or more units
 * than are left: the caller checks first and refuses with the goods' name.
 */
export function afterSaleRefund(
  order: RefundOrder,
  returned: ReadonlyMap<number, number>,
  request: readonly ReturnLine[],
): { refundFen: Fen; lines: (ReturnLine & { refundFen: Fen })[] } {
  const paid = linePaidAmounts(order.lines, order.deductionFen);
  const lines = request.map((want) => {
    const i = order.lines.findIndex((l) => l.id === want.lineId);
    if (i < 0) throw new RangeError(`no line ${want.lineId}`);
    const line = order.lines[i];
    const refundFen = unitsRefundFen(paid[i], line.quantity, returned.get(line.id) ?? 0, want.quantity);
    return { ...want, refundFen };
  });
  return { refundFen: lines.reduce((s, l) => s + l.refundFen, 0), lines };
}

/** Units of a line the buyer may still ask to return. */
export const returnableUnits = (line: PaidLineSource, returned: ReadonlyMap<number, number>) =>
  Math.max(0, line.quantity - (returned.get(line.id) ?? 0));

/** What the order can still refund: paid less refunded (shipping included, by the operator's say). */
export const refundableFen = (order: { paidFen: Fen; refundedFen: Fen }): Fen =>
  Math.max(0, order.paidFen - order.refundedFen);

/**
 * Whether an order ends refunded in full (已退款) after a refund: every unit of every line that
 * was charged (gifts are free) has come back, or everything paid has gone back. Otherwise it keeps
 * its status with the 部分退款 mark. Shipping kept after a full return of goods is not a reason to
 * stay open: the carrier did its work.
 */
export function refundsEverything(
  order: { lines: readonly PaidLineSource[]; paidFen: Fen; refundedFen: Fen },
  returned: ReadonlyMap<number, number>,
): boolean {
  if (order.refundedFen >= order.paidFen) return true;
  return order.lines.every((l) => l.payableFen === 0 || (returned.get(l.id) ?? 0) >= l.quantity);
}

/** The mark beside the status of an order some of whose money went back, but not all. */
export const PARTIAL_REFUND_MARK = '部分退款';
export const refundMark = (status: OrderStatus | string, refundedFen: Fen): string | null =>
  refundedFen > 0 && status !== 'refunded' ? PARTIAL_REFUND_MARK : null;
