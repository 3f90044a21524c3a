import type { Fen } from '../../money';
import { type Coverage, type CoverageFacts, covers } from '../coverage';

// 满返 (cash-back): when an order is received, the paid amount of its covered lines is read
// against the activity's tiers and the amount back is credited to the store's wallet. A refund
// takes back the refunded share, rounded up, so the store never keeps cash-back on goods it
// returned; what was already taken back is never taken again.

export interface CashBackTier {
  /** Paid amount of covered lines that reaches the tier. */
  thresholdFen: Fen;
  /** Money back when reached. */
  amountFen: Fen;
}

export interface CashBackActivity {
  id: number;
  tiers: readonly CashBackTier[];
  /** The reached tier repeats for every full multiple of its threshold (每满X返Y). */
  repeat: boolean;
  coverage: Coverage;
}

export interface CashBackLine {
  goods: CoverageFacts;
  /** What the buyer paid for the line (after every reduction). */
  payableFen: Fen;
}

/** The tier a base reaches: the highest threshold not above it, or null. */
export function reachedCashBackTier(tiers: readonly CashBackTier[], baseFen: Fen): CashBackTier | null {
  let best: CashBackTier | null = null;
  for (const t of tiers)
    if (t.thresholdFen <= baseFen && (!best || t.thresholdFen > best.thresholdFen)) best = t;
  return best;
}

/** Money back for a base amount: the reached tier's amount, times the multiples when it repeats. */
export function cashBackFor(activity: Pick<CashBackActivity, 'tiers' | 'repeat'>, baseFen: Fen): Fen {
  if (baseFen <= 0) return 0;
  const tier = reachedCashBackTier(activity.tiers, baseFen);
  if (!tier || tier.thresholdFen <= 0) return 0;
  const times = activity.repeat ? Math.floor(baseFen / tier.thresholdFen) : 1;
  return tier.amountFen * times;
}

/**
 * The base of an order: its covered lines' payable, less the refunded share of it (refunds are
 * order-wide money, so they are spread over the order by amount; rounded up against the store).
 */
export function cashBackBase(
  lines: readonly CashBackLine[],
  coverage: Coverage,
  order: { paidFen: Fen; refundedFen: Fen },
): Fen {
  const covered = lines.filter((l) => covers(coverage, l.goods)).reduce((s, l) => s + l.payableFen, 0);
  if (covered <= 0 || order.paidFen <= 0) return 0;
  const refunded = Math.min(order.refundedFen, order.paidFen);
  const refundedShare = Math.ceil((covered * refunded) / order.paidFen);
  return Math.max(0, Math.min(covered, order.paidFen) - refundedShare);
}

/**
 * What a refund takes back now: the refunded share of the credit (rounded up), less what was
 * already taken back; never negative, and the total never above the credit.
 */
export function cashBackReversal(
  credit: { creditFen: Fen; reversedFen: Fen },
  order: { paidFen: Fen; refundedFen: Fen },
): Fen {
  if (credit.creditFen <= 0 || order.paidFen <= 0) return 0;
  const refunded = Math.min(Math.max(order.refundedFen, 0), order.paidFen);
  const due = Math.min(credit.creditFen, Math.ceil((credit.creditFen * refunded) / order.paidFen));
  return Math.max(0, due - credit.reversedFen);
}

/** Why a tier list cannot be saved (Chinese, for the console), or null. */
export function cashBackTiersProblem(tiers: readonly CashBackTier[]): string | null {
  if (tiers.length === 0) return '至少设置一档返现';
  for (const [i, t] of tiers.entries()) {
    if (t.thresholdFen <= 0) return `第${i + 1}档满额须大于0`;
    if (t.amountFen <= 0) return `第${i + 1}档返现金额须大于0`;
    if (t.amountFen >= t.thresholdFen) return `第${i + 1}档返现金额须小于满额`;
    const prev = tiers[i - 1];
    if (prev && (t.thresholdFen <= prev.thresholdFen || t.amountFen <= prev.amountFen))
      return '各档满额和返现金额须逐档递增';
  }
  return null;
}

/** The rule object (design.md): does the activity apply to the order, and what it gives back. */
export const cashBackRule = {
  code: 'cash_back',
  applies: (activity: CashBackActivity, lines: readonly CashBackLine[]) =>
    lines.some((l) => l.payableFen > 0 && covers(activity.coverage, l.goods)),
  apply: (
    activity: CashBackActivity,
    lines: readonly CashBackLine[],
    order: { paidFen: Fen; refundedFen: Fen },
  ): { baseFen: Fen; creditFen: Fen } => {
    const baseFen = cashBackBase(lines, activity.coverage, order);
    return { baseFen, creditFen: cashBackFor(activity, baseFen) };
  },
} as const;

/** The best of several running activities for one order (most money back, then the older one). */
export function bestCashBack(
  activities: readonly CashBackActivity[],
  lines: readonly CashBackLine[],
  order: { paidFen: Fen; refundedFen: Fen },
): { activity: CashBackActivity; baseFen: Fen; creditFen: Fen } | null {
  let best: { activity: CashBackActivity; baseFen: Fen; creditFen: Fen } | null = null;
  for (const activity of [...activities].sort((a, b) => a.id - b.id)) {
    if (!cashBackRule.applies(activity, lines)) continue;
    const r = cashBackRule.apply(activity, lines, order);
    if (r.creditFen > 0 && (!best || r.creditFen > best.creditFen)) best = { activity, ...r };
  }
  return best;
}
