import { type GoodsSummary, priceTips } from '@yaocai/domain';

export { purchaseBlock, rxClassLabel, unitPriceFor } from '@yaocai/domain/catalog/goods-view';

export const PRICE_TIP_LOGIN = priceTips.login;
export const PRICE_TIP_PENDING = priceTips.pending;

/** Quantity rule of the stepper: minimum, 中包装 step, stock. */
export const quantityRuleOf = (goods: GoodsSummary) => ({
  min: goods.min_quantity,
  step: goods.step_quantity,
  stock: goods.number,
});

/** Detail page address carrying the activity ids the cart line needs. */
export const detailHref = (goods: Pick<GoodsSummary, 'id'>) => `/list/info/${goods.id}`;
