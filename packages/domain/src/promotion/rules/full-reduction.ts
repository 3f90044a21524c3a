import { z } from 'zod';
import type { Fen } from '../../money';
import { prorate } from '../../pricing/prorate';
import { type Coverage, covers } from '../coverage';
import { type Applied, appliedOf, defineRule, type RuleLine } from '../rule';

/**
 * 满减 full-reduction over the selected coupon-eligible lines (spec sections 3, 4).
 * A tier is "spend amountFen, take reductionFen off"; a repeating tier (每满) takes the
 * reduction off once per full threshold, up to an optional cap. Status is 1 when the eligible
 * amount reaches the tier, 0 otherwise; reached tiers are listed first. The best reached tier
 * applies (tiers do not stack), and a reduction never exceeds the amount it reduces.
 */
export interface FullReductionTier {
  /** Threshold: the eligible amount must reach it. */
  amountFen: Fen;
  reductionFen: Fen;
  /** 每满: reduce once per full threshold. */
  repeat?: boolean;
  /** Cap for a repeating tier's total reduction. */
  maxReductionFen?: Fen;
}

export type TierStatus = 0 | 1;

export interface FullReductionTierState extends FullReductionTier {
  status: TierStatus;
  /** What reaching this tier takes off the current amount (0 when not reached). */
  appliedReductionFen: Fen;
  /** How much more reaches it (0 when reached). */
  gapFen: Fen;
}

export interface FullReductionResult {
  tiers: FullReductionTierState[];
  /** The best reached tier, or null. */
  applied: FullReductionTierState | null;
  reductionFen: Fen;
  /** The nearest way to a bigger reduction: spend gapFen more, then reductionFen comes off in total. */
  next: { gapFen: Fen; reductionFen: Fen } | null;
}

/** Reduction a tier gives at `amountFen` (0 when not reached), capped at the amount itself. */
export function tierReduction(tier: FullReductionTier, amountFen: Fen): Fen {
  if (amountFen < tier.amountFen || amountFen <= 0) return 0;
  let reduction = tier.reductionFen;
  if (tier.repeat && tier.amountFen > 0) {
    reduction *= Math.floor(amountFen / tier.amountFen);
    if (tier.maxReductionFen !== undefined) reduction = Math.min(reduction, tier.maxReductionFen);
  }
  return Math.max(0, Math.min(reduction, amountFen));
}

const isValidTier = (t: FullReductionTier) =>
  Number.isSafeInteger(t.amountFen) &&
  t.amountFen >= 0 &&
  Number.isSafeInteger(t.reductionFen) &&
  t.reductionFen > 0;

/** Where the next bigger reduction lies from `amountFen` under one tier, or null. */
function nextStep(
  tier: FullReductionTier,
  amountFen: Fen,
  current: Fen,
): { gapFen: Fen; reductionFen: Fen } | null {
  let target = Math.max(tier.amountFen, 1);
  if (amountFen >= tier.amountFen) {
    if (!tier.repeat || tier.amountFen <= 0) return null;
    target = (Math.floor(amountFen / tier.amountFen) + 1) * tier.amountFen;
  }
  const reductionFen = tierReduction(tier, target);
  return reductionFen > current ? { gapFen: target - Math.max(0, amountFen), reductionFen } : null;
}

export function fullReduction(
  tiers: readonly FullReductionTier[],
  eligibleAmountFen: Fen,
): FullReductionResult {
  const amount = Math.max(0, eligibleAmountFen);
  const states: FullReductionTierState[] = tiers.filter(isValidTier).map((tier) => {
    const reached = amount >= tier.amountFen && amount > 0;
    return {
      ...tier,
      status: reached ? 1 : 0,
      appliedReductionFen: reached ? tierReduction(tier, amount) : 0,
      gapFen: reached ? 0 : Math.max(tier.amountFen, 1) - amount,
    };
  });
  states.sort((a, b) => b.status - a.status || a.amountFen - b.amountFen || a.reductionFen - b.reductionFen);

  let applied: FullReductionTierState | null = null;
  for (const s of states)
    if (s.status === 1 && (!applied || s.appliedReductionFen > applied.appliedReductionFen)) applied = s;
  const reductionFen = applied ? applied.appliedReductionFen : 0;

  let next: FullReductionResult['next'] = null;
  for (const s of states) {
    const step = nextStep(s, amount, reductionFen);
    if (
      step &&
      (!next ||
        step.gapFen < next.gapFen ||
        (step.gapFen === next.gapFen && step.reductionFen > next.reductionFen))
    ) {
      next = step;
    }
  }
  return { tiers: states, applied, reductionFen, next };
}

// 满减 as a rule: an activity's tiers over the selected lines it covers, measured on what they
// cost after their own reductions; the reduction is split across those lines so the parts add up
// to it exactly. Which goods an activity covers is data (Coverage); an activity without a
// coverage takes every coupon-eligible (with_coupon) line, as the single site-wide activity did.

const fen = z.number().int().nonnegative();
export const fullReductionTierArgs = z.object({
  amountFen: fen,
  reductionFen: fen,
  repeat: z.boolean().optional(),
  maxReductionFen: fen.optional(),
});
export const fullReductionAction = z.object({ tiers: z.array(fullReductionTierArgs) });
export type FullReductionAction = z.infer<typeof fullReductionAction>;

/** A live full-reduction activity in the loaders' shape (the wire's activity_data). */
export interface FullReductionActivity {
  id: number;
  name: string;
  tiers: FullReductionTier[];
  coverage: Coverage | null;
}

export type FullReductionDetail = FullReductionResult & { eligibleAmountFen: Fen };

const meta = { kind: 'full_reduction', stacking: 'full_reduction', effect: 'share' } as const;
const noCondition = z.object({});

export const fullReductionRule = defineRule<
  z.infer<typeof noCondition>,
  FullReductionAction,
  FullReductionDetail
>({
  ...meta,
  label: '满减',
  stage: 'cart',
  condition: noCondition,
  action: fullReductionAction,
  editor: [
    {
      name: 'tiers',
      in: 'action',
      label: '满减档位',
      type: 'tiers',
      required: true,
      help: '满足门槛即减，取最优一档；每满可重复减，可设封顶',
      columns: [
        { name: 'amountFen', label: '满（元）', type: 'fen', required: true },
        { name: 'reductionFen', label: '减（元）', type: 'fen', required: true },
        { name: 'repeat', label: '每满', type: 'boolean', required: false },
        { name: 'maxReductionFen', label: '封顶（元）', type: 'fen', required: false },
      ],
    },
  ],
  applies: (line, activity) =>
    line.selected &&
    line.withCoupon &&
    (activity.coverage === null || (line.facts !== null && covers(activity.coverage, line.facts))),
  apply(lines, activity): Applied<FullReductionDetail> {
    const eligibleAmountFen = lines.reduce((sum, l) => sum + l.amountFen, 0);
    const result = fullReduction(activity.action.tiers, eligibleAmountFen);
    const shares = new Map<RuleLine['id'], Fen>();
    if (result.reductionFen > 0) {
      const parts = prorate(
        result.reductionFen,
        lines.map((l) => ({ id: l.id, weight: l.amountFen })),
      );
      for (const [i, l] of lines.entries()) shares.set(l.id, parts[i]);
    }
    return appliedOf(meta, activity, lines, {
      amountFen: result.reductionFen,
      shares,
      baseFen: eligibleAmountFen,
      detail: { ...result, eligibleAmountFen },
    });
  },
});
