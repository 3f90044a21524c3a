import type { Fen } from '../money';
import { type LadderPrice, ladderUnitPrice } from '../pricing/ladder';
import {
  freeShippingGap,
  isSingleItemFreeShipping,
  shippingFeeApplies,
} from '../pricing/promotions/free-shipping';
import type { FullReductionTierState } from '../pricing/promotions/full-reduction';
import { giftChargeFen } from '../pricing/promotions/gifts';
import { checkQuantityWithin, type QuantityBounds, quantityBounds } from '../pricing/quantity';
import type { CoverageFacts } from '../promotion/coverage';
import {
  type FullReductionActivity,
  type FullReductionLine,
  fullReductionRule,
} from '../promotion/rules/full-reduction';
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
 * lines' subtotals. Full-reduction tiers are measured on the selected coupon-eligible lines'
 * amounts after their own reduction (gifts excluded), and the reduction is split across those
 * lines so the parts add up to it exactly.
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

/**
 * What a line-level promotion saves: a special price on up to `limit` units when it is below the
 * ladder price (the buyer always gets the lower), or welfare's ratePercent of the amount, the
 * paid part rounded down to the fen.
 */
function specialOf(
  input: LineSpecialInput | null | undefined,
  unitPriceFen: Fen,
  quantity: number,
  amountFen: Fen,
): { input: LineSpecialInput; units: number; savingFen: Fen } | null {
  if (!input || quantity <= 0) return null;
  if (input.kind === 'welfare') {
    const savingFen = amountFen - Math.floor((amountFen * input.ratePercent) / 100);
    return savingFen > 0 ? { input, units: quantity, savingFen } : null;
  }
  const units = Math.min(quantity, input.limit ?? quantity);
  const savingFen = units * (unitPriceFen - input.unitPriceFen);
  return units > 0 && savingFen > 0 ? { input, units, savingFen } : null;
}

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
  const special = combination ? null : specialOf(line.special, ladder.unitPriceFen, quantity, amountFen);
  const specialFen = special?.savingFen ?? 0;
  const lineReductionFen = Math.min(amountFen, Math.max(0, line.goodsManjianAmountFen ?? 0) + specialFen);
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
    specialFen,
    special: special && {
      kind: special.input.kind,
      code: special.input.code,
      promotionId: special.input.promotionId,
      label: special.input.label,
      units: special.units,
    },
    giftFen,
    subtotalFen,
    reductionShareFen: 0,
    promotions:
      special && specialFen > 0
        ? [
            {
              kind: special.input.kind,
              code: special.input.code,
              promotionId: special.input.promotionId,
              label: special.input.label,
              amountFen: specialFen,
            },
          ]
        : [],
    payableFen: subtotalFen,
    singleItemFreeShipping: isSingleItemFreeShipping(quantity, line.freeShippingNumber),
    quantityMessages: check.ok ? NO_MESSAGES : check.messages,
    quantityBounds: bounds,
    combinationItems: combination
      ? combinationItemAmounts(combination, quantity, amountFen - lineReductionFen)
      : null,
  };
}

/** Amount a line contributes to the full-reduction tiers. */
const eligibleAmount = (line: PricedLine): Fen => line.amountFen - line.lineReductionFen;

const byLineId = (a: CartLineInput['id'], b: CartLineInput['id']) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));

const factsOf = (line: CartLineInput): CoverageFacts | null =>
  line.facts ? { goodsId: Number(line.goodsId), ...line.facts } : null;

/** The live activities in priority order; the tiers shorthand is one activity over every with_coupon line. */
function liveActivities(input: CartActivityInput): FullReductionActivity[] {
  const list: FullReductionActivity[] = [...(input.fullReductionActivities ?? [])].sort(
    (a, b) => a.id - b.id,
  );
  if (input.fullReductionTiers?.length)
    list.unshift({ id: 0, name: '满减', tiers: input.fullReductionTiers, coverage: null });
  return list;
}

export function priceCart(lines: readonly CartLineInput[], activity: CartActivityInput = {}): PricedCart {
  const priced = lines.map(priceLine);

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

  // Full-reduction: each live activity, in priority order, over the selected lines it covers
  // that no earlier activity took (the stacking matrix: one full-reduction per line).
  const ruleLines: FullReductionLine[] = priced.map((line, i) => ({
    id: line.id,
    selected: line.selected,
    amountFen: eligibleAmount(line),
    taken: line.special ? [line.special.kind] : [],
    withCoupon: line.withCoupon,
    facts: factsOf(lines[i]),
  }));
  const pricedOf = new Map(ruleLines.map((line, i) => [line, priced[i]]));
  const running = liveActivities(activity);
  const states: ActivityState[] = [];
  for (const live of running) {
    const taking = ruleLines.filter((line) => fullReductionRule.applies(line, live));
    const applied = fullReductionRule.apply(taking, live);
    if (!applied) continue;
    for (const line of taking) {
      line.taken = [...line.taken, 'full_reduction'];
      const share = applied.shares.get(line.id) ?? 0;
      const pricedLine = pricedOf.get(line);
      if (!pricedLine || share === 0) continue;
      pricedLine.reductionShareFen += share;
      pricedLine.payableFen -= share;
      pricedLine.promotions.push({
        kind: 'full_reduction',
        code: applied.code,
        promotionId: live.id,
        label: live.name,
        amountFen: share,
      });
    }
    states.push({
      id: live.id,
      name: live.name,
      tiers: applied.detail.tiers,
      eligibleAmountFen: applied.detail.eligibleAmountFen,
      reductionFen: applied.amountFen,
      lineIds: taking.map((line) => line.id).sort(byLineId),
      next: applied.detail.next,
    });
  }
  // The activity covering each line (its tag): a selected line's is the one that took it; an
  // unselected line's is the first that would take it were it selected (nothing took it yet).
  const takenBy = new Map(states.flatMap((a) => a.lineIds.map((id) => [id, a.id] as const)));
  for (const [i, line] of ruleLines.entries())
    priced[i].fullReductionId = line.selected
      ? (takenBy.get(line.id) ?? null)
      : (running.find((a) => fullReductionRule.applies({ ...line, selected: true }, a))?.id ?? null);
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
    payableFen: selectedTotalFen - fullReductionFen,
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
