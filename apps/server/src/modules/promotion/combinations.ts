import { type CombinationView, goodsEligibility, toYuan } from '@yaocai/domain';
import type { ViewerCtx } from '../../lib/context';
import { eligibilityOf, priceVisibilityOf } from '../../lib/eligibility';
import { combinationStocks } from '../cart/queries';
import { loadCartPromotions } from './loaders';

const imageOf = (goodsId: number, image: string | null) => image ?? `/media/goods/${goodsId}.svg`;

/**
 * The combination packages of /zhzq (组合专区): each with its goods, price against the goods
 * bought one by one, the sets in stock, and whether this viewer may add it (the one eligibility
 * rule, per goods of the package). Prices follow the viewer's price visibility.
 */
export async function combinationList(ctx: ViewerCtx): Promise<CombinationView[]> {
  const promotions = await loadCartPromotions(ctx.db, ctx.now);
  const combos = [...promotions.combinations.values()].sort((a, b) => a.id - b.id);
  if (combos.length === 0) return [];
  const stocks = await combinationStocks(
    ctx.db,
    promotions,
    combos.map((c) => c.id),
  );
  const viewer = eligibilityOf(ctx);
  const visible = viewer.price === null;
  return combos.map((c) => {
    const sets = stocks.get(c.id) ?? 0;
    const original = c.items.reduce((sum, i) => sum + i.priceFen * i.quantity, 0);
    const verdict = goodsEligibility(viewer, {
      name: c.name,
      scopeClass: c.items[0]?.scopeClass ?? '',
      rxClass: c.items[0]?.rxClass ?? '',
      onSale: c.items.length > 0,
      purchasable: c.items.every((i) => i.isBuy),
      stock: sets,
      items: c.items.map((i) => ({
        name: i.name,
        scopeClass: i.scopeClass,
        rxClass: i.rxClass,
        purchasable: i.isBuy,
        control: i.saleControl,
      })),
    });
    const main = c.items.find((i) => i.goodsId === c.mainGoodsId) ?? c.items[0];
    return {
      id: c.id,
      name: c.name,
      image: main ? imageOf(main.goodsId, main.image) : '',
      price: visible ? toYuan(c.priceFen) : null,
      original_price: visible ? toYuan(original) : null,
      saving: visible ? toYuan(Math.max(0, original - c.priceFen)) : null,
      sets,
      ck_id: c.warehouseId,
      items: c.items.map((i) => ({
        goods_id: i.goodsId,
        name: i.name,
        ypgg: i.spec,
        image: imageOf(i.goodsId, i.image),
        number: i.quantity,
        price: visible ? toYuan(i.priceFen) : null,
      })),
      price_visibility: priceVisibilityOf(viewer),
      price_tip: viewer.price?.message ?? '',
      add_refusal: verdict.add?.message ?? null,
    };
  });
}
