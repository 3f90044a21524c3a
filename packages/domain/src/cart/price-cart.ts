import type { Fen } from '../money';
import { type LadderPrice, ladderUnitPrice } from '../pricing/ladder';
import {
  freeShippingGap,
  isSingleItemFreeShipping,
  shippingFeeApplies,
} from '../pricing/promotions/free-shipping';
import { giftChargeFen } from '../pricing/promotions/gifts';
import { checkQuantityWithin, type QuantityBounds, quantityBounds } from '../pricing/quantity';
import type { CoverageFacts } from '../promotion/coverage';
import { cartPromotions } from '../promotion/inputs';
import type { Applied, RuleLine } from '../promotion/rule';
import type { FullReductionDetail, FullReductionTierState } from '../promotion/rules/full-reduction';
import { offers, runPromotions, schedule } from '../promotion/run';
import type { PromotionKind } from '../promotion/stacking';
import { type CombinationItemAmount, combinationItemAmounts } from './combination';
import { CART_LINE_TYPE } from './limits';
import { type NextHint, nextHints } from './next-hint';
import type { CartActivityInput, CartLineInput, LineSpecialInput } from './schemas';

/**
 * Prices a whole cart: every figure the cart screen, the drawer, next_hint and checkout show.
 * Pure and exact: integer fen in, integer fen out, nothing depends on the order of the lines.
 *
 * Per line: unit price (ladder tier or package price) x quantity = amount; minus its own
 * goods_manjian_amount (capped at the amount) plus its gift total = subtotal. A line that is
 * not purchasable or out of stock is forced unselected. Selected total = sum of the selected
 * lines' subtotals.
 *
 * Promotions: the registered rules of the cart stage run in the stacking order over the live
 * promotions (promotion/run.ts); no kind is named here. A price rule (special price, welfare,
 * 第二件半价) changes the line's subtotal; a share rule (满减) takes a share of the selected
 * total, split across the lines it took so the parts add up exactly. What the cart shows of
 * the stacking class 满减 (the bar, the tag, the hint) is read from its applied results below.
 */
export type UnselectedReason = 'not_purchasable' | 'out_of_stock';

export const unselectedReasonLabels: Record<UnselectedReason, string> = {
  not_purchasable: '该商品暂不可购买',
  out_of_stock: '该商品已售罄',
};

export interface PricedLine {
  id: CartLineInput['id'];
  goodsId: CartLineInput['goodsId'];
  type: number;
  isCombination: boolean;
  quantity: number;
  /** Effective selection: false when forced. */
  selected: boolean;
  /** Why the line cannot be selected, or null. */
  unselectedReason: UnselectedReason | null;
  withCoupon: boolean;
  /**
   * The full-reduction activity that covers this line (the first in priority order whose
   * coverage takes it), selected or not: the cart's 满减 tag and group. Null when none does.
   */
  fullReductionId: number | null;
  unitPriceFen: Fen;
  /** Tier in effect and next cheaper tier (null tier: base or package price). */
  ladder: LadderPrice;
  /** unit price x quantity. */
  amountFen: Fen;
  /** The line's own reductions (goods_manjian_amount plus a special price), capped at the amount. */
  lineReductionFen: Fen;
  /** What a special price or welfare discount took off (part of lineReductionFen). */
  specialFen: Fen;
  /** The special price or welfare discount in effect, and the units it priced. */
  special: {
    kind: LineSpecialInput['kind'];
    code: string;
    promotionId: number;
    label: string;
    units: number;
  } | null;
  giftFen: Fen;
  /** amount - line reduction + gift: what the line adds to the selected total. */
  subtotalFen: Fen;
  /** This line's part of the cart's full-reduction. */
  reductionShareFen: Fen;
  /** Every promotion that took money off this line, in the stacking order (step 2's split). */
  promotions: LinePromotion[];
  /** subtotal - reduction share. */
  payableFen: Fen;
  singleItemFreeShipping: boolean;
  /** Quantity problems in Chinese (empty when the quantity is fine). */
  quantityMessages: readonly string[];
  /** Stepper bounds. */
  quantityBounds: QuantityBounds;
  /** For a combination: each goods' quantity and share of the amount. */
  combinationItems: CombinationItemAmount[] | null;
}

export interface LinePromotion {
  kind: PromotionKind;
  code: string;
  promotionId: number;
  label: string;
  amountFen: Fen;
}

/** A full-reduction activity as it stands on this cart. */
export interface ActivityState {
  id: number;
  name: string;
  tiers: FullReductionTierState[];
  eligibleAmountFen: Fen;
  reductionFen: Fen;
  /** The selected lines it covered. */
  lineIds: CartLineInput['id'][];
  next: { gapFen: Fen; reductionFen: Fen } | null;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Badge: the number of lines. */
  lineCount: number;
  /** Lines that may be selected, and whether all of them are (全选). */
  selectableCount: number;
  allSelected: boolean;
  selectedCount: number;
  selectedQuantity: number;
  selectedTotalFen: Fen;
  /** Selected coupon-eligible amount the tiers are measured on. */
  eligibleAmountFen: Fen;
  /** Each live full-reduction activity, in priority (id) order. */
  activities: ActivityState[];
  /**
   * The activity the cart's 满减 bar shows: the first that took selected lines, else the first
   * covering any line of the cart; null when no activity covers a line (no bar, no hint: buying
   * more of goods no activity covers earns nothing).
   */
  leadingActivityId: number | null;
  /** The leading activity's tiers, or empty. */
  fullReductionTiers: FullReductionTierState[];
  fullReductionFen: Fen;
  /** selected total - full-reduction. */
  payableFen: Fen;
  freeShipping: {
    thresholdFen: Fen;
    gapFen: Fen;
    /** Every selected line ships free by itself. */
    allLinesFreeShipping: boolean;
    /** The order pays a shipping fee. */
    feeApplies: boolean;
  };
  /** Nearest goal first; nextHint is the first or null. */
  hints: NextHint[];
  nextHint: NextHint | null;
}

const NO_MESSAGES: readonly string[] = Object.freeze([]);

function priceLine(line: CartLineInput): PricedLine {
  const type = line.type ?? CART_LINE_TYPE.normal;
  const combination = type === CART_LINE_TYPE.combination && line.combination ? line.combination : null;
  const quantity = Math.max(0, Math.floor(line.quantity));
  const unselectedReason: UnselectedReason | null =
    line.isBuy === false ? 'not_purchasable' : line.stock <= 0 ? 'out_of_stock' : null;

  const ladder = combination
    ? { unitPriceFen: combination.priceFen, tier: null, next: null }
    : ladderUnitPrice(line.basePriceFen, line.ladder, quantity);
  const amountFen = ladder.unitPriceFen * quantity;
  // goods_manjian_amount: the line's own reduction, before any promotion.
  const lineReductionFen = Math.min(amountFen, Math.max(0, line.goodsManjianAmountFen ?? 0));
  const giftFen = giftChargeFen(line.gift);
  const subtotalFen = amountFen - lineReductionFen + giftFen;
  const bounds = quantityBounds({ min: line.minQuantity, step: line.step, stock: line.stock });
  const check = checkQuantityWithin(line.quantity, bounds);

  return {
    id: line.id,
    goodsId: line.goodsId,
    type,
    isCombination: combination !== null,
    quantity,
    selected: line.selected && unselectedReason === null,
    unselectedReason,
    withCoupon: line.withCoupon ?? false,
    fullReductionId: null,
    unitPriceFen: ladder.unitPriceFen,
    ladder,
    amountFen,
    lineReductionFen,
    specialFen: 0,
    special: null,
    giftFen,
    subtotalFen,
    reductionShareFen: 0,
    promotions: [],
    payableFen: subtotalFen,
    singleItemFreeShipping: isSingleItemFreeShipping(quantity, line.freeShippingNumber),
    quantityMessages: check.ok ? NO_MESSAGES : check.messages,
    quantityBounds: bounds,
    combinationItems: null,
  };
}

const ruleLineOf = (line: PricedLine, input: CartLineInput): RuleLine => ({
  id: line.id,
  goodsId: line.goodsId,
  selected: line.selected,
  quantity: line.quantity,
  unitPriceFen: line.unitPriceFen,
  amountFen: line.amountFen - line.lineReductionFen,
  giftFen: line.giftFen,
  withCoupon: line.withCoupon,
  isCombination: line.isCombination,
  facts: factsOf(input),
  taken: [],
});

/** Books what one promotion took off the lines on the priced lines. */
function book(applied: Applied, pricedById: Map<CartLineInput['id'], PricedLine>) {
  for (const [id, share] of applied.shares) {
    const line = pricedById.get(id);
    if (!line || share <= 0) continue;
    if (applied.effect === 'price') {
      line.lineReductionFen += share;
      line.specialFen += share;
      line.subtotalFen -= share;
      line.special = {
        kind: applied.stacking as LineSpecialInput['kind'],
        code: applied.code,
        promotionId: applied.promotionId,
        label: applied.label,
        units: applied.units?.get(id) ?? line.quantity,
      };
    } else {
      line.reductionShareFen += share;
    }
    line.payableFen -= share;
    line.promotions.push({
      kind: applied.stacking,
      code: applied.code,
      promotionId: applied.promotionId,
      label: applied.label,
      amountFen: share,
    });
  }
}

const byLineId = (a: CartLineInput['id'], b: CartLineInput['id']) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));

const factsOf = (line: CartLineInput): CoverageFacts | null =>
  line.facts ? { goodsId: Number(line.goodsId), ...line.facts } : null;

/** The stacking class the cart's 满减 bar, tag and hint show. */
const BAR_CLASS: PromotionKind = 'full_reduction';

export function priceCart(lines: readonly CartLineInput[], activity: CartActivityInput = {}): PricedCart {
  const priced = lines.map(priceLine);
  const pricedById = new Map(priced.map((line) => [line.id, line]));
  const promotions = cartPromotions(lines, activity);
  const run = runPromotions(
    'cart',
    priced.map((line, i) => ruleLineOf(line, lines[i])),
    promotions,
    0,
  );
  for (const applied of run.applied) book(applied, pricedById);
  for (const [i, line] of priced.entries()) {
    const combination = lines[i].combination;
    if (line.isCombination && combination)
      line.combinationItems = combinationItemAmounts(
        combination,
        line.quantity,
        line.amountFen - line.lineReductionFen,
      );
  }

  let selectableCount = 0;
  let selectedCount = 0;
  let selectedQuantity = 0;
  let selectedTotalFen = 0;
  const selected: PricedLine[] = [];
  for (const line of priced) {
    if (line.unselectedReason === null) selectableCount++;
    if (!line.selected) continue;
    selected.push(line);
    selectedCount++;
    selectedQuantity += line.quantity;
    selectedTotalFen += line.subtotalFen;
  }

  // The 满减 bar: each activity of the class as it stands, in the order run.
  const states: ActivityState[] = run.applied
    .filter((a) => a.stacking === BAR_CLASS)
    .map((a) => {
      const detail = a.detail as Partial<FullReductionDetail>;
      return {
        id: a.promotionId,
        name: a.label,
        tiers: detail.tiers ?? [],
        eligibleAmountFen: a.baseFen,
        reductionFen: a.amountFen,
        lineIds: [...a.lineIds].sort(byLineId),
        next: detail.next ?? null,
      };
    });
  // The activity covering each line (its tag): a selected line's is the one that took it; an
  // unselected line's is the first that would take it were it selected (nothing took it yet).
  const takenBy = new Map(states.flatMap((a) => a.lineIds.map((id) => [id, a.id] as const)));
  const barSteps = schedule('cart', promotions).filter((step) => step.rule.stacking === BAR_CLASS);
  for (const [i, line] of run.lines.entries())
    priced[i].fullReductionId = line.selected
      ? (takenBy.get(line.id) ?? null)
      : (barSteps.find((step) => offers(step, { ...line, selected: true }, run.lines, 0))?.promotion.id ??
        null);
  const eligibleAmountFen = states.reduce((sum, a) => sum + a.eligibleAmountFen, 0);
  const fullReductionFen = states.reduce((sum, a) => sum + a.reductionFen, 0);
  const covering = new Set(priced.map((line) => line.fullReductionId));
  const leading = states.find((a) => a.lineIds.length > 0) ?? states.find((a) => covering.has(a.id)) ?? null;
  const nearest = states
    .filter((a) => covering.has(a.id))
    .map((a) => a.next)
    .filter((n): n is NonNullable<typeof n> => n !== null)
    .sort((a, b) => a.gapFen - b.gapFen || b.reductionFen - a.reductionFen)[0];

  const gapFen = freeShippingGap(activity.shipping, selectedTotalFen);
  const allLinesFreeShipping = selected.length > 0 && selected.every((line) => line.singleItemFreeShipping);
  const hints = nextHints({
    fullReductionNext: nearest ?? null,
    freeShippingGapFen: allLinesFreeShipping ? 0 : gapFen,
  });

  return {
    lines: priced,
    lineCount: priced.length,
    selectableCount,
    allSelected: selectableCount > 0 && selectedCount === selectableCount,
    selectedCount,
    selectedQuantity,
    selectedTotalFen,
    eligibleAmountFen,
    activities: states,
    leadingActivityId: leading?.id ?? null,
    fullReductionTiers: leading?.tiers ?? [],
    fullReductionFen,
    payableFen: selected.reduce((sum, line) => sum + line.payableFen, 0),
    freeShipping: {
      thresholdFen: activity.shipping?.thresholdFen ?? 0,
      gapFen,
      allLinesFreeShipping,
      feeApplies: selected.length > 0 && shippingFeeApplies(gapFen, selected),
    },
    hints,
    nextHint: hints[0] ?? null,
  };
}
