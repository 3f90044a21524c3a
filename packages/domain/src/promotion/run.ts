import type { Applied, LivePromotion, PromotionRule, RuleLine, RuleStage } from './rule';
import { promotionRules } from './rules';
import { mayStack, stackingOrder } from './stacking';

// The engine: runs the registered rules of one stage in the stacking order (promotion/stacking.ts;
// the registry's order among rules of one class), each rule's live promotions in id order
// (priority), on the amounts the ones before left. A line is offered to a promotion when the
// promotion is not limited to other lines, the matrix lets the rule's class follow every class
// the line already took, and the rule's condition takes it. It names no kind.

// biome-ignore lint/suspicious/noExplicitAny: the registry holds rules of every argument type.
type AnyRule = PromotionRule<any, any, any>;

export interface Scheduled {
  rule: AnyRule;
  promotion: LivePromotion;
}

/** The live promotions of a stage paired with their rules, in the order the engine runs them. */
export function schedule(
  stage: RuleStage,
  promotions: readonly LivePromotion[],
  rules: readonly AnyRule[] = promotionRules,
): Scheduled[] {
  return rules
    .map((rule, index) => ({ rule, index }))
    .filter(({ rule }) => rule.stage === stage)
    .sort((a, b) => stackingOrder(a.rule.stacking) - stackingOrder(b.rule.stacking) || a.index - b.index)
    .flatMap(({ rule }) =>
      promotions
        .filter((p) => p.kind === rule.kind)
        .sort((a, b) => a.id - b.id)
        .map((promotion) => ({ rule, promotion })),
    );
}

/** Whether a promotion would take a line as it stands (stacking, line limit, condition). */
export function offers(
  { rule, promotion }: Scheduled,
  line: RuleLine,
  lines: readonly RuleLine[],
  nowSeconds: number,
) {
  return (
    (!promotion.lineIds || promotion.lineIds.includes(line.id)) &&
    mayStack(line.taken, rule.stacking) &&
    rule.applies(line, promotion, { nowSeconds, lines })
  );
}

export interface PromotionRun {
  /** What each promotion did, in the order applied. */
  applied: Applied[];
  /** The lines after the run: amounts less every share, classes taken. */
  lines: RuleLine[];
}

export function runPromotions(
  stage: RuleStage,
  input: readonly RuleLine[],
  promotions: readonly LivePromotion[],
  nowSeconds: number,
  rules: readonly AnyRule[] = promotionRules,
): PromotionRun {
  const lines = input.map((line) => ({ ...line, taken: [...line.taken] }));
  const applied: Applied[] = [];
  for (const step of schedule(stage, promotions, rules)) {
    const offered = lines.filter(
      (line) => !step.promotion.lineIds || step.promotion.lineIds.includes(line.id),
    );
    const taking = offered.filter((line) => offers(step, line, lines, nowSeconds));
    const result = step.rule.apply(taking, step.promotion, { nowSeconds, lines: offered });
    if (!result) continue;
    for (const line of lines) {
      if (!result.lineIds.includes(line.id)) continue;
      line.taken.push(step.rule.stacking);
      line.amountFen -= result.shares.get(line.id) ?? 0;
    }
    applied.push(result);
  }
  return { applied, lines };
}

/** What the applied promotions of some classes take off in total. */
export const appliedFen = (applied: readonly Applied[], match: (a: Applied) => boolean) =>
  applied.filter(match).reduce((sum, a) => sum + a.amountFen, 0);
