import type { Fen } from '../../money';

/**
 * Free shipping (spec section 9). The gap is threshold (shipping_amount) minus the selected
 * total minus no_trans_order_amount (what the buyer already ordered towards the threshold),
 * never below 0; a threshold of 0 means shipping is always free. A single line ships free when
 * its quantity reaches the goods' free_shipping_number (0 or missing: no such rule).
 */
export interface FreeShippingTerms {
  thresholdFen: Fen;
  noTransOrderAmountFen?: Fen;
}

export function freeShippingGap(terms: FreeShippingTerms | null | undefined, selectedTotalFen: Fen): Fen {
  if (!terms || terms.thresholdFen <= 0) return 0;
  return Math.max(0, terms.thresholdFen - selectedTotalFen - (terms.noTransOrderAmountFen ?? 0));
}

export const isSingleItemFreeShipping = (
  quantity: number,
  freeShippingNumber: number | null | undefined,
): boolean => freeShippingNumber != null && freeShippingNumber > 0 && quantity >= freeShippingNumber;

/**
 * Whether the order pays a shipping fee: the gap is not closed and not every line ships free
 * by itself.
 */
export function shippingFeeApplies(
  gapFen: Fen,
  lines: readonly { singleItemFreeShipping: boolean }[],
): boolean {
  if (gapFen <= 0) return false;
  return lines.length === 0 || !lines.every((line) => line.singleItemFreeShipping);
}
