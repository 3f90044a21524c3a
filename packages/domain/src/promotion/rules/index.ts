import type { PromotionRule } from '../rule';
import { couponPromotionRule } from './coupon';
import { fullReductionRule } from './full-reduction';
import { pointsRule } from './points';
import { secondHalfRule } from './second-half';
import { specialPriceRule } from './special-price';
import { welfareRule } from './welfare';

// The registry: every promotion kind the engine knows, one line each. priceCart and orderTotal
// loop over it (promotion/run.ts) in the stacking order; a new kind is a new rule file beside its
// test plus its line here. 满返 (rules/cash-back.ts) is not here: it prices nothing at checkout,
// it credits the store's wallet when the order is received (promotion module, cash-back.ts).
// biome-ignore lint/suspicious/noExplicitAny: the registry holds rules of every argument type.
export const promotionRules: readonly PromotionRule<any, any, any>[] = [
  specialPriceRule,
  welfareRule,
  secondHalfRule,
  fullReductionRule,
  couponPromotionRule,
  pointsRule,
];

/** The rule registered for a kind, or undefined for a kind no code knows (never applied). */
export const ruleOf = (kind: string) => promotionRules.find((rule) => rule.kind === kind);

/** The kinds an operator may create as data, for the console's kind picker. */
export const promotionRuleKinds = promotionRules.map((rule) => rule.kind);
