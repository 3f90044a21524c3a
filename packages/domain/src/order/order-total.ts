import type { PricedCart } from '../cart/price-cart';
import type { Fen } from '../money';
import type { CoverageFacts } from '../promotion/coverage';
import { type Coupon, type CouponCheck, checkCoupon } from '../promotion/rules/coupon';
import { type PointsRule, pointsDeduction } from './points';

/**
 * The order total at checkout (verify order, /cart/step2):
 *   selected total - full-reduction - coupon - points + shipping fee.
 * Each deduction applies to what the previous ones left, so none can push the goods below 0:
 * the coupon is measured on the selected coupon-eligible lines after their own and the
 * full-reduction shares (gifts excluded); points pay at most a share of the goods after the
 * coupon; shipping is charged when the free-shipping gap is open and not every line ships
 * free by itself (PricedCart.freeShipping.feeApplies), and points never pay shipping.
 */
export interface OrderTotalOptions {
  coupon?: Coupon | null;
  /** Coverage facts by goods id, for a coupon limited to categories, brands or goods. */
  coverageFacts?: ReadonlyMap<number, CoverageFacts>;
  /** 10-digit seconds, for coupon validity. */
  nowSeconds: number;
  points?: { balance: number; requested?: number; rule?: PointsRule } | null;
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
}

export function orderTotal(cart: PricedCart, options: OrderTotalOptions): OrderTotal {
  const goodsFen = cart.selectedTotalFen;
  const fullReductionFen = cart.fullReductionFen;
  let remaining = goodsFen - fullReductionFen;

  const selected = cart.lines.filter((line) => line.selected);
  const coupon = options.coupon
    ? checkCoupon(
        options.coupon,
        selected.map((line) => ({
          id: line.id,
          goodsId: line.goodsId,
          amountFen: line.amountFen - line.lineReductionFen - line.reductionShareFen,
          withCoupon: line.withCoupon,
          specialKind: line.special?.kind ?? null,
          fullReduction: line.reductionShareFen > 0,
          facts: options.coverageFacts?.get(Number(line.goodsId)),
        })),
        options.nowSeconds,
      )
    : null;
  const couponFen = coupon?.applicable ? Math.min(coupon.discountFen, remaining) : 0;
  remaining -= couponFen;

  const points = options.points
    ? pointsDeduction({
        baseFen: remaining,
        balance: options.points.balance,
        requested: options.points.requested,
        rule: options.points.rule,
      })
    : { pointsUsed: 0, deductionFen: 0 };
  remaining -= points.deductionFen;

  const shippingFeeFen = cart.freeShipping.feeApplies ? Math.max(0, options.shippingFeeFen) : 0;
  return {
    goodsFen,
    fullReductionFen,
    coupon,
    couponFen,
    pointsUsed: points.pointsUsed,
    pointsFen: points.deductionFen,
    shippingFeeFen,
    totalFen: remaining + shippingFeeFen,
    discountFen: fullReductionFen + couponFen + points.deductionFen,
  };
}
