import { type Fen, formatYuan } from '../../money';
import type { LineId } from '../prorate';

/**
 * Coupons (优惠券 / 现金券). Three kinds:
 * - 满减券 `amount_off`: spend thresholdFen on eligible lines, take amountFen off;
 * - 折扣券 `discount`: pay ratePercent% of the eligible amount (9折 = 90), the discount rounded
 *   so the paid amount rounds DOWN to the fen, capped at maxDiscountFen;
 * - 现金券 `cash`: a voucher worth amountFen, optionally with a threshold.
 * A coupon applies to the eligible lines: coupon-eligible (with_coupon) lines within its goods
 * scope (all goods when goodsIds is missing), measured by what they cost after line and
 * full-reduction shares. Validity is [startsAt, expiresAt] in 10-digit seconds. A discount never
 * exceeds the eligible amount.
 */
interface CouponBase {
  id: LineId;
  name?: string;
  thresholdFen?: Fen;
  /** 10-digit seconds; missing means no bound. */
  startsAt?: number;
  expiresAt?: number;
  /** Goods the coupon is limited to; missing means every coupon-eligible line. */
  goodsIds?: readonly (number | string)[];
}

export type Coupon =
  | (CouponBase & { kind: 'amount_off'; amountFen: Fen })
  | (CouponBase & { kind: 'discount'; ratePercent: number; maxDiscountFen?: Fen })
  | (CouponBase & { kind: 'cash'; amountFen: Fen });

export type CouponKind = Coupon['kind'];

export const couponKindLabels: Record<CouponKind, string> = {
  amount_off: '满减券',
  discount: '折扣券',
  cash: '现金券',
};

export interface CouponLine {
  id: LineId;
  goodsId: number | string;
  /** What the line costs before the coupon. */
  amountFen: Fen;
  /** with_coupon: the line may take coupons and activities. */
  withCoupon: boolean;
}

export type CouponRefusal = 'not_started' | 'expired' | 'no_eligible_lines' | 'below_threshold';

export const couponMessages: Record<CouponRefusal, string> = {
  not_started: '优惠券尚未到使用时间',
  expired: '优惠券已过期',
  no_eligible_lines: '所选商品不适用此优惠券',
  below_threshold: '未达到优惠券使用门槛',
};

export type CouponCheck =
  | { applicable: true; couponId: LineId; eligibleAmountFen: Fen; discountFen: Fen; lineIds: LineId[] }
  | { applicable: false; couponId: LineId; reason: CouponRefusal; message: string; gapFen?: Fen };

const refuse = (coupon: Coupon, reason: CouponRefusal, gapFen?: Fen): CouponCheck => ({
  applicable: false,
  couponId: coupon.id,
  reason,
  message:
    gapFen === undefined ? couponMessages[reason] : `${couponMessages[reason]}，还差${formatYuan(gapFen)}`,
  ...(gapFen === undefined ? {} : { gapFen }),
});

/** The discount a coupon gives on an eligible amount that has passed its threshold. */
export function couponDiscount(coupon: Coupon, eligibleAmountFen: Fen): Fen {
  let discount: number;
  if (coupon.kind === 'discount') {
    const rate = Math.min(100, Math.max(0, coupon.ratePercent));
    // Paid part rounded down to the fen, so the discount is the rest.
    discount = eligibleAmountFen - Math.floor((eligibleAmountFen * rate) / 100);
    if (coupon.maxDiscountFen !== undefined && coupon.maxDiscountFen > 0)
      discount = Math.min(discount, coupon.maxDiscountFen);
  } else {
    discount = coupon.amountFen;
  }
  return Math.max(0, Math.min(discount, eligibleAmountFen));
}

export function checkCoupon(coupon: Coupon, lines: readonly CouponLine[], nowSeconds: number): CouponCheck {
  if (coupon.startsAt !== undefined && nowSeconds < coupon.startsAt) return refuse(coupon, 'not_started');
  if (coupon.expiresAt !== undefined && nowSeconds > coupon.expiresAt) return refuse(coupon, 'expired');
  const scope = coupon.goodsIds ? new Set(coupon.goodsIds.map(String)) : null;
  const eligible = lines.filter(
    (l) => l.withCoupon && l.amountFen > 0 && (!scope || scope.has(String(l.goodsId))),
  );
  if (eligible.length === 0) return refuse(coupon, 'no_eligible_lines');
  const eligibleAmountFen = eligible.reduce((sum, l) => sum + l.amountFen, 0);
  const threshold = coupon.thresholdFen ?? 0;
  if (eligibleAmountFen < threshold) return refuse(coupon, 'below_threshold', threshold - eligibleAmountFen);
  return {
    applicable: true,
    couponId: coupon.id,
    eligibleAmountFen,
    discountFen: couponDiscount(coupon, eligibleAmountFen),
    lineIds: eligible.map((l) => l.id),
  };
}

/** Every coupon checked, applicable ones first by discount (largest first), for the coupon picker. */
export function rankCoupons(
  coupons: readonly Coupon[],
  lines: readonly CouponLine[],
  nowSeconds: number,
): CouponCheck[] {
  return coupons
    .map((c) => checkCoupon(c, lines, nowSeconds))
    .sort((a, b) => {
      if (a.applicable !== b.applicable) return a.applicable ? -1 : 1;
      if (a.applicable && b.applicable)
        return b.discountFen - a.discountFen || String(a.couponId).localeCompare(String(b.couponId));
      return String(a.couponId).localeCompare(String(b.couponId));
    });
}
