import type { Fen } from '../money';
import type { LineId } from '../pricing/prorate';
import type { PromotionKind } from './stacking';

/**
 * A promotion rule (design.md, in the Vendure style): a small object the pricing engine folds
 * over, so a new kind of promotion is a new rule file beside its test, not an edit of the
 * pipeline. `applies` says whether one line takes part (coverage, stacking, selection);
 * `apply` prices the promotion over the lines that take part and returns what it takes off
 * and each line's share, or null when it takes nothing.
 *
 * The engine runs the live promotions in the stacking order (promotion/stacking.ts), each on the
 * amounts the ones before it left, and a line taken by one kind is offered to the next only when
 * the stacking matrix allows it.
 */
export interface RuleLine {
  id: LineId;
  selected: boolean;
  /** What the line costs now, after the promotions already applied. */
  amountFen: Fen;
  /** Kinds already applied to the line. */
  taken: readonly PromotionKind[];
}

export interface Applied<Detail = unknown> {
  code: string;
  kind: PromotionKind;
  promotionId: number;
  label: string;
  /** What the promotion takes off in total: the shares add up to it exactly. */
  amountFen: Fen;
  shares: ReadonlyMap<LineId, Fen>;
  detail: Detail;
}

export interface PromotionRule<P, L extends RuleLine = RuleLine, Detail = unknown> {
  code: string;
  kind: PromotionKind;
  applies(line: L, promotion: P): boolean;
  apply(lines: readonly L[], promotion: P): Applied<Detail> | null;
}
