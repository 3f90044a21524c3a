import { z } from 'zod';
import type { Fen } from '../../money';
import { DEFAULT_POINTS_RULE, pointsDeduction } from '../../order/points';
import { type LineId, prorate } from '../../pricing/prorate';
import { appliedOf, defineRule, type RuleLine } from '../rule';

// 积分抵扣 as the last rule of the order stage. The spec makes points a payment-like step, not
// a promotion: they pay part of what is left after every reduction and the coupon (at most
// maxSharePercent of it, gifts' charges included, shipping never), and their arguments are the
// buyer's balance and request, not an operator's data. It is registered all the same so that
// orderTotal has no step of its own: the stacking matrix's last row, run on what the others
// left. Its "promotion" is built per order from the balance (promotion/inputs.ts), never stored.

export const pointsAction = z.object({
  balance: z.number().int().nonnegative(),
  /** Points the buyer asks to use; default: as many as allowed. */
  requested: z.number().int().nonnegative().optional(),
  pointsPerYuan: z.number().int().positive().default(DEFAULT_POINTS_RULE.pointsPerYuan),
  maxSharePercent: z.number().int().min(0).max(100).default(DEFAULT_POINTS_RULE.maxSharePercent),
});
export type PointsAction = z.infer<typeof pointsAction>;

export interface PointsDetail {
  pointsUsed: number;
  maxPoints: number;
}

const meta = { kind: 'points', stacking: 'points', effect: 'share' } as const;
/** What points may pay on a line: its goods after every reduction, plus its gifts' charge. */
const payableOf = (line: RuleLine): Fen => Math.max(0, line.amountFen) + line.giftFen;

export const pointsRule = defineRule<Record<string, never>, PointsAction, PointsDetail>({
  ...meta,
  label: '积分抵扣',
  stage: 'order',
  condition: z.object({}) as z.ZodType<Record<string, never>>,
  action: pointsAction,
  editor: [
    { name: 'pointsPerYuan', in: 'action', label: '多少积分抵1元', type: 'count', required: true },
    { name: 'maxSharePercent', in: 'action', label: '最多抵扣比例（%）', type: 'percent', required: true },
  ],
  applies: (line) => line.selected,
  apply(lines, promotion) {
    const baseFen = lines.reduce((sum, l) => sum + payableOf(l), 0);
    const { action } = promotion;
    const deduction = pointsDeduction({
      baseFen,
      balance: action.balance,
      requested: action.requested,
      rule: { pointsPerYuan: action.pointsPerYuan, maxSharePercent: action.maxSharePercent },
    });
    const parts = prorate(
      deduction.deductionFen,
      lines.map((l) => ({ id: l.id, weight: payableOf(l) })),
    );
    const shares = new Map<LineId, Fen>(lines.map((l, i) => [l.id, parts[i]]));
    return appliedOf(meta, promotion, lines, {
      amountFen: deduction.deductionFen,
      shares,
      baseFen,
      detail: { pointsUsed: deduction.pointsUsed, maxPoints: deduction.maxPoints },
    });
  },
});
