import type { Fen } from '../../money';
import {
  type FullReductionResult,
  type FullReductionTier,
  fullReduction,
} from '../../pricing/promotions/full-reduction';
import { prorate } from '../../pricing/prorate';
import { type Coverage, type CoverageFacts, covers } from '../coverage';
import type { PromotionRule, RuleLine } from '../rule';
import { mayStack } from '../stacking';

/**
 * 满减 as a rule: an activity's tiers over the selected lines it covers, measured on what they
 * cost after their own reductions; the reduction is split across those lines so the parts add up
 * to it exactly. Which goods an activity covers is data (Coverage); an activity without a
 * coverage takes every coupon-eligible (with_coupon) line, as the single site-wide activity did.
 */
export interface FullReductionActivity {
  id: number;
  name: string;
  tiers: FullReductionTier[];
  coverage: Coverage | null;
}

export interface FullReductionLine extends RuleLine {
  /** with_coupon: the line may take activities and coupons at all (含麻 may not). */
  withCoupon: boolean;
  /** The goods' categories, brand and zones; null when the caller gave none (then only a null coverage applies). */
  facts: CoverageFacts | null;
}

export type FullReductionDetail = FullReductionResult & { eligibleAmountFen: Fen };

export const fullReductionRule: PromotionRule<FullReductionActivity, FullReductionLine, FullReductionDetail> =
  {
    code: 'full_reduction',
    kind: 'full_reduction',
    applies: (line, activity) =>
      line.selected &&
      line.withCoupon &&
      mayStack(line.taken, 'full_reduction') &&
      (activity.coverage === null || (line.facts !== null && covers(activity.coverage, line.facts))),
    apply(lines, activity) {
      const eligibleAmountFen = lines.reduce((sum, l) => sum + l.amountFen, 0);
      const result = fullReduction(activity.tiers, eligibleAmountFen);
      const shares = new Map<RuleLine['id'], Fen>();
      if (result.reductionFen > 0) {
        const parts = prorate(
          result.reductionFen,
          lines.map((l) => ({ id: l.id, weight: l.amountFen })),
        );
        for (const [i, l] of lines.entries()) shares.set(l.id, parts[i]);
      }
      return {
        code: 'full_reduction',
        kind: 'full_reduction',
        promotionId: activity.id,
        label: activity.name,
        amountFen: result.reductionFen,
        shares,
        detail: { ...result, eligibleAmountFen },
      };
    },
  };
