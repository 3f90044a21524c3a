import type { Fen } from '../money';
import { type LadderPrice, ladderUnitPrice } from '../pricing/ladder';
import {
  freeShippingGap,
  isSingleItemFreeShipping,
  shippingFeeApplies,
} from '../pricing/promotions/free-shipping';
import { type FullReductionTierState, fullReduction } from '../pricing/promotions/full-reduction';
import { giftChargeFen } from '../pricing/promotions/gifts';
import { prorate } from '../pricing/prorate';
import { checkQuantityWithin, type QuantityBounds, quantityBounds } from '../pricing/quantity';
import { mayStack } from '../promotion/stacking';
import { type CombinationItemAmount, combinationItemAmounts } from './combination';
import { type NextHint, nextHints } from './next-hint';
import { CART_LINE_TYPE, type CartActivityInput, type CartLineInput, type LineSpecialInput } from './schemas';

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
  /** Reached tiers first, status 1 when reached. */
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

export function priceCart(lines: readonly CartLineInput[], activity: CartActivityInput = {}): PricedCart {
  const priced = lines.map(priceLine);

  let selectableCount = 0;
  let selectedCount = 0;
  let selectedQuantity = 0;
  let selectedTotalFen = 0;
  let eligibleAmountFen = 0;
  const eligible: PricedLine[] = [];
  const selected: PricedLine[] = [];
  for (const line of priced) {
    if (line.unselectedReason === null) selectableCount++;
    if (!line.selected) continue;
    selected.push(line);
    selectedCount++;
    selectedQuantity += line.quantity;
    selectedTotalFen += line.subtotalFen;
    // Stacking: a line at a special price takes no full-reduction.
    if (line.withCoupon && mayStack(line.special ? [line.special.kind] : [], 'full_reduction')) {
      eligible.push(line);
      eligibleAmountFen += eligibleAmount(line);
    }
  }

  const reduction = fullReduction(activity.fullReductionTiers ?? [], eligibleAmountFen);
  if (reduction.reductionFen > 0) {
    const shares = prorate(
      reduction.reductionFen,
      eligible.map((line) => ({ id: line.id, weight: eligibleAmount(line) })),
    );
    eligible.forEach((line, i) => {
      line.reductionShareFen = shares[i];
      line.payableFen = line.subtotalFen - shares[i];
    });
  }

  const gapFen = freeShippingGap(activity.shipping, selectedTotalFen);
  const allLinesFreeShipping = selected.length > 0 && selected.every((line) => line.singleItemFreeShipping);
  const hints = nextHints({
    fullReductionNext: reduction.next,
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
    fullReductionTiers: reduction.tiers,
    fullReductionFen: reduction.reductionFen,
    payableFen: selectedTotalFen - reduction.reductionFen,
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
