// Reconciliation (对账): our book of one channel's day against the provider's bill. Both sides are
// lines of money in (pay) or out (refund) on a trade; they are compared per trade and kind, the
// amounts of a trade's several refunds of the day summed, so a provider that numbers refunds its
// own way still agrees. Every difference is listed: money the provider has and we do not, money
// we have and the provider does not, and amounts that disagree.

export interface ReconciliationLine {
  outTradeNo: string;
  kind: 'pay' | 'refund';
  amountFen: number;
}

export type DifferenceReason = 'missing_at_provider' | 'missing_here' | 'amount';

export interface ReconciliationDifference {
  outTradeNo: string;
  kind: 'pay' | 'refund';
  oursFen: number | null;
  theirsFen: number | null;
  reason: DifferenceReason;
}

export interface ReconciliationTotals {
  paidFen: number;
  refundedFen: number;
}

export interface Reconciliation {
  ours: ReconciliationTotals;
  theirs: ReconciliationTotals;
  differences: ReconciliationDifference[];
}

export const differenceReasonText: Record<DifferenceReason, string> = {
  missing_at_provider: '渠道账单无此笔',
  missing_here: '本平台无此笔',
  amount: '金额不符',
};

function totals(lines: readonly ReconciliationLine[]): ReconciliationTotals {
  let paidFen = 0;
  let refundedFen = 0;
  for (const line of lines) {
    if (line.kind === 'pay') paidFen += line.amountFen;
    else refundedFen += line.amountFen;
  }
  return { paidFen, refundedFen };
}

function byTrade(lines: readonly ReconciliationLine[]) {
  const sums = new Map<string, number>();
  for (const line of lines) {
    const key = `${line.kind}\u0000${line.outTradeNo}`;
    sums.set(key, (sums.get(key) ?? 0) + line.amountFen);
  }
  return sums;
}

/** Compares our lines with the provider's; differences sorted by trade, then kind. */
export function reconcileLines(
  ours: readonly ReconciliationLine[],
  theirs: readonly ReconciliationLine[],
): Reconciliation {
  const mine = byTrade(ours);
  const provider = byTrade(theirs);
  const differences: ReconciliationDifference[] = [];
  for (const key of new Set([...mine.keys(), ...provider.keys()])) {
    const [kind, outTradeNo] = key.split('\u0000') as ['pay' | 'refund', string];
    const oursFen = mine.get(key) ?? null;
    const theirsFen = provider.get(key) ?? null;
    if (oursFen === theirsFen) continue;
    const reason: DifferenceReason =
      theirsFen === null ? 'missing_at_provider' : oursFen === null ? 'missing_here' : 'amount';
    differences.push({ outTradeNo, kind, oursFen, theirsFen, reason });
  }
  differences.sort((a, b) => a.outTradeNo.localeCompare(b.outTradeNo) || a.kind.localeCompare(b.kind));
  return { ours: totals(ours), theirs: totals(theirs), differences };
}
