import type { PricedCart } from '../cart/price-cart';
import type { Fen } from '../money';
import type { CoverageFacts } from '../promotion/coverage';
import { type OrderPromotionOptions, orderPromotions } from '../promotion/inputs';
import type { Applied, LivePromotion, RuleLine } from '../promotion/rule';
import type { CouponCheck } from '../promotion/rules/coupon';
import type { PointsDetail } from '../promotion/rules/points';
import { appliedFen, runPromotions } from '../promotion/run';

/**
 * The order total at checkout (verify order, /cart/step2):
 *   selected total - the cart's reductions - the order's promotions + shipping fee.
 * The order's promotions are the registered rules of the order stage (the held coupon, then
 * points), run in the stacking order by the same engine as the cart's (promotion/run.ts), each
 * on what the previous ones left, so none can push the goods below 0: the coupon is measured on
 * the selected coupon-eligible lines after their own and the full-reduction shares (gifts
 * excluded); points pay at most a share of the goods after the coupon (gifts included);
 * shipping is charged when the free-shipping gap is open and not every line ships free by
 * itself (PricedCart.freeShipping.feeApplies), and points never pay shipping.
 */
export interface OrderTotalOptions extends OrderPromotionOptions {
  /** Further promotions of the order stage, in the one shape. */
  promotions?: readonly LivePromotion[];
  /** Coverage facts by goods id, for a coupon limited to categories, brands or goods. */
  coverageFacts?: ReadonlyMap<number, CoverageFacts>;
  /** 10-digit seconds, for coupon validity. */
  nowSeconds: number;
  /** The fee charged when shipping is not free. */
  shippingFeeFen: Fen;
}

export interface OrderTotal {
  goodsFen: Fen;
  fullReductionFen: Fen;
  coupon: CouponCheck | null;
  couponFen: Fen;
  pointsUsed: number;
  pointsFen: Fen;
  shippingFeeFen: Fen;
  /** goods - full-reduction - coupon - points + shipping. */
  totalFen: Fen;
  /** All that was taken off. */
  discountFen: Fen;
  /** What each promotion of the order stage did, in the order applied. */
  applied: Applied[];
}

export function orderTotal(cart: PricedCart, options: OrderTotalOptions): OrderTotal {
  const goodsFen = cart.selectedTotalFen;
  const fullReductionFen = cart.fullReductionFen;
  const lines: RuleLine[] = cart.lines
    .filter((line) => line.selected)
    .map((line) => ({
      id: line.id,
      goodsId: line.goodsId,
      selected: true,
      quantity: line.quantity,
      unitPriceFen: line.unitPriceFen,
      amountFen: line.amountFen - line.lineReductionFen - line.reductionShareFen,
      giftFen: line.giftFen,
      withCoupon: line.withCoupon,
      isCombination: line.isCombination,
      facts: options.coverageFacts?.get(Number(line.goodsId)) ?? null,
      taken: line.promotions.map((p) => p.kind),
    }));
  const promotions = [...(options.promotions ?? []), ...orderPromotions(options)];
  const { applied } = runPromotions('order', lines, promotions, options.nowSeconds);
  const orderFen = appliedFen(applied, () => true);
  const couponApplied = applied.find((a) => a.stacking === 'coupon');
  const pointsApplied = applied.find((a) => a.stacking === 'points');

  const shippingFeeFen = cart.freeShipping.feeApplies ? Math.max(0, options.shippingFeeFen) : 0;
  return {
    goodsFen,
    fullReductionFen,
    coupon: (couponApplied?.detail as CouponCheck | undefined) ?? null,
    couponFen: appliedFen(applied, (a) => a.stacking === 'coupon'),
    pointsUsed: (pointsApplied?.detail as PointsDetail | undefined)?.pointsUsed ?? 0,
    pointsFen: appliedFen(applied, (a) => a.stacking === 'points'),
    shippingFeeFen,
    totalFen: cart.payableFen - orderFen + shippingFeeFen,
    discountFen: goodsFen - cart.payableFen + orderFen,
    applied,
  };
}
