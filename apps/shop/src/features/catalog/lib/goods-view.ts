import { fromYuan, type GoodsSummary, ladderUnitPrice, priceTips, toYuan } from '@yaocai/domain';

export const PRICE_TIP_LOGIN = priceTips.login;
export const PRICE_TIP_PENDING = priceTips.pending;

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

/** Quantity rule of the stepper: minimum, 中包装 step, stock. */
export const quantityRuleOf = (goods: GoodsSummary) => ({
  min: goods.min_quantity,
  step: goods.step_quantity,
  stock: goods.number,
});

/** Detail page address carrying the activity ids the cart line needs. */
export const detailHref = (goods: Pick<GoodsSummary, 'id'>) => `/list/info/${goods.id}`;
