import type { Fen } from '../../money';

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
