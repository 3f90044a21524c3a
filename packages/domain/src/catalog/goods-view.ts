import type { GoodsSummary } from '../api/catalog';
import { fromYuan, toYuan } from '../money';
import { ladderUnitPrice } from '../pricing/ladder';

// What a goods row means to a buyer's screen (the PC shop and the mobile site alike).

export const rxClassLabel: Record<GoodsSummary['rx_class'], string | null> = {
  rx: 'Rx',
  otc_a: 'OTC甲',
  otc_b: 'OTC乙',
  none: null,
};

/**
 * Why the buyer cannot buy this goods, or null when it can: a 控销 refusal, else the server's
 * verdict in a few words (暂不可购买：超出经营范围). Hidden prices say why themselves (price_tip).
 */
export function purchaseBlock(goods: GoodsSummary): string | null {
  if (goods.control_message) return goods.control_message;
  if (goods.price_visibility !== 'visible') return null;
  return goods.unavailable?.text ?? null;
}

/** Unit price in yuan for a quantity, the ladder applied (null when prices are hidden). */
export function unitPriceFor(goods: GoodsSummary, quantity: number): number | null {
  if (goods.base_price === null) return null;
  const ladder = {
    type: goods.ladder_price_type,
    tiers: goods.ladder_price.map((t) => ({ quantity: t.number, priceFen: fromYuan(t.price) })),
  };
  return toYuan(ladderUnitPrice(fromYuan(goods.base_price), ladder, quantity).unitPriceFen);
}
