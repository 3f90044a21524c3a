import type { Fen } from '../money';
import { prorate } from '../pricing/prorate';
import type { CombinationInput } from './schemas';

/**
 * A combination package (type 3) replaces its goods in the cart: the buyer buys sets at the
 * package price. For orders and invoices each goods needs its own amount, so the package
 * amount is split across the items by their own prices (exactly, largest remainder).
 */
export interface CombinationItemAmount {
  goodsId: number | string;
  /** Units of this goods across all sets. */
  quantity: number;
  amountFen: Fen;
}

export function combinationItemAmounts(
  combination: CombinationInput,
  sets: number,
  amountFen: Fen,
): CombinationItemAmount[] {
  const weights = combination.items.map((item, index) => ({
    id: index,
    weight: item.priceFen * item.quantity,
  }));
  const parts = prorate(Math.max(0, amountFen), weights);
  return combination.items.map((item, index) => ({
    goodsId: item.goodsId,
    quantity: item.quantity * sets,
    amountFen: parts[index],
  }));
}
