import type { z } from 'zod';
import type { Fen } from '../money';
import type { LineId } from '../pricing/prorate';
import type { Coverage, CoverageFacts } from './coverage';
import type { PromotionKind } from './stacking';

// A promotion rule (design.md, after Vendure's PromotionCondition/PromotionAction and Medusa's
// promotion module): one object per kind, registered in rules/index.ts. It carries its typed
// (zod) condition and action arguments, a description of them the console editor renders from,
// its stacking class (a row of the matrix in stacking.ts), whether it changes a line's price or
// takes a share off the order, its condition (`applies`: does one line take part) and its
// action (`apply`: what it takes off the lines that do, split so the shares add up exactly).
//
// The engine (run.ts) knows no kind: `priceCart` and `orderTotal` run the registered rules of
// their stage in the stacking order, each on the amounts the ones before it left, and offer a
// line taken by one class to the next only when the stacking matrix allows it.

/** A promotion as data: the one shape every kind is stored and loaded in. */
export interface LivePromotion<Condition = unknown, Action = unknown> {
  /** The registered rule's kind (rules/index.ts). */
  kind: string;
  id: number;
  /** A finer code the wire shows (spike, daily_special...); the kind when absent. */
  code?: string;
  label: string;
  /** Which goods it covers; null covers every line the rule's condition admits. */
  coverage: Coverage | null;
  /** Only these lines: a promotion the loader resolved per line (a special price's per-store limit). */
  lineIds?: LineId[];
  condition: Condition;
  action: Action;
}

/** A line as the rules see it, at the stage they run in. */
export interface RuleLine {
  id: LineId;
  goodsId: number | string;
  selected: boolean;
  quantity: number;
  /** The unit price before any promotion (ladder tier or package price). */
  unitPriceFen: Fen;
  /** What the goods of the line cost now, after the promotions already applied (gifts excluded). */
  amountFen: Fen;
  /** What the line's gifts add (0 for free gifts): part of what the buyer pays, never reduced. */
  giftFen: Fen;
  /** with_coupon: the line may take activities and coupons at all (含麻 may not). */
  withCoupon: boolean;
  isCombination: boolean;
  /** The goods' categories, brand and zones; null when the caller gave none (then only a null coverage applies). */
  facts: CoverageFacts | null;
  /** Stacking classes already applied to the line. */
  taken: readonly PromotionKind[];
}

export interface RuleContext {
  /** 10-digit seconds, for validity windows (coupons). */
  nowSeconds: number;
  /** Every line offered at this stage, taking part or not (for a refusal's reason). */
  lines: readonly RuleLine[];
}

export interface Applied<Detail = unknown> {
  kind: string;
  code: string;
  stacking: PromotionKind;
  effect: RuleEffect;
  promotionId: number;
  label: string;
  /** What the promotion takes off in total: the shares add up to it exactly. */
  amountFen: Fen;
  /** The amount it was measured on (the taking lines' amounts). */
  baseFen: Fen;
  /** The lines that took part, in the order offered. */
  lineIds: LineId[];
  shares: ReadonlyMap<LineId, Fen>;
  /** Units a price rule priced per line (a special price's limit), when not the whole line. */
  units?: ReadonlyMap<LineId, number>;
  /** Why a promotion the buyer asked for does not apply (Chinese), or null. */
  refusal?: string | null;
  detail: Detail;
}

/**
 * price: changes what a line costs (special price, welfare, 第二件半价): the line's subtotal and
 * everything measured after it. share: takes money off what the lines cost (满减, coupon, points).
 */
export type RuleEffect = 'price' | 'share';
/** cart: priced with the cart (cart screen, drawer, step 2); order: at checkout (orderTotal). */
export type RuleStage = 'cart' | 'order';

/** One argument as the console's promotion editor renders it. */
export interface ArgumentField {
  /** The key in the condition or action arguments. */
  name: string;
  /** Which arguments it belongs to. */
  in: 'condition' | 'action';
  label: string;
  /** fen: money, entered in yuan; percent: 1..100; count: a whole number; tiers: a list of rows; boolean. */
  type: 'fen' | 'percent' | 'count' | 'boolean' | 'tiers';
  required: boolean;
  help?: string;
  /** For tiers: the columns of one row. */
  columns?: Omit<ArgumentField, 'in' | 'columns'>[];
}

export interface PromotionRule<Condition = unknown, Action = unknown, Detail = unknown> {
  kind: string;
  /** The kind's Chinese name (console, order split). */
  label: string;
  stacking: PromotionKind;
  effect: RuleEffect;
  stage: RuleStage;
  condition: z.ZodType<Condition>;
  action: z.ZodType<Action>;
  /** The arguments for the console editor, in the order it shows them. */
  editor: readonly ArgumentField[];
  /**
   * An operator creates it as a row of the one `promotions` table, edited from `editor`. Kinds
   * that keep their own tables (SQL-counted stock, held coupons) or are built per order (points)
   * leave it out.
   */
  plainData?: boolean;
  /** Whether one line takes part (stacking is checked by the engine before). */
  applies(line: RuleLine, promotion: LivePromotion<Condition, Action>, ctx: RuleContext): boolean;
  /** Prices the promotion over the lines that take part (possibly none); null when it takes nothing and shows nothing. */
  apply(
    lines: readonly RuleLine[],
    promotion: LivePromotion<Condition, Action>,
    ctx: RuleContext,
  ): Applied<Detail> | null;
}

/** Declares a rule with its argument types checked against its schemas. */
export const defineRule = <Condition, Action, Detail>(
  rule: PromotionRule<Condition, Action, Detail>,
): PromotionRule<Condition, Action, Detail> => rule;

/** The Applied skeleton a rule fills in. */
export function appliedOf<Detail>(
  rule: Pick<PromotionRule, 'kind' | 'stacking' | 'effect'>,
  promotion: LivePromotion<unknown, unknown>,
  lines: readonly RuleLine[],
  parts: { amountFen: Fen; shares: ReadonlyMap<LineId, Fen>; detail: Detail; baseFen?: Fen },
): Applied<Detail> {
  return {
    kind: rule.kind,
    code: promotion.code ?? rule.kind,
    stacking: rule.stacking,
    effect: rule.effect,
    promotionId: promotion.id,
    label: promotion.label,
    amountFen: parts.amountFen,
    baseFen: parts.baseFen ?? lines.reduce((sum, l) => sum + l.amountFen, 0),
    lineIds: lines.map((l) => l.id),
    shares: parts.shares,
    detail: parts.detail,
  };
}
