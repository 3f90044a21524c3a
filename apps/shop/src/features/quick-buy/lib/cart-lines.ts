import { clampQuantity, type GoodsSummary } from '@yaocai/domain';
import type { CartLineInput } from '../../../lib/goods/cart-add';
import { purchaseBlock, quantityRuleOf, unitPriceFor } from '../../../lib/goods/goods-view';
import { ApiError } from '../../../lib/http';

// What the history and the quick order share: which goods may go to the cart now, and the line
// that puts it there.

/** Whether the store may add this goods now (prices visible, in scope, on sale, in stock). */
export const addable = (g: GoodsSummary | null | undefined): g is GoodsSummary =>
  !!g && g.price_visibility === 'visible' && g.base_price !== null && purchaseBlock(g) === null;

/** A quantity the goods accepts: the wanted one raised to the minimum and 中包装 step. */
export const validQuantity = (g: GoodsSummary, wanted: number | null) =>
  clampQuantity(wanted ?? g.min_quantity, quantityRuleOf(g));

export const cartLine = (g: GoodsSummary, number: number): CartLineInput => ({
  goods_id: g.id,
  price: unitPriceFor(g, number) ?? 0,
  number,
  ck_id: g.ck_id,
  goods_price_id: 0,
  ladder_price_id: 0,
  goods_manjian_id: 0,
  is_yj: 0,
});

/** A refusal's text (the server's message names the first problem). */
export const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : '操作失败，请稍后再试';
