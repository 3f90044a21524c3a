import { formatYuan } from '../money';
import { addDays, beijingStartOf, type IsoDate } from '../time/beijing';
import type { Coverage } from './coverage';

// A coupon template's validity and how its terms read. A held coupon carries its own
// valid-from / valid-to, computed when it is claimed: the template's fixed dates (whole Beijing
// days), or N days from the claim.

export type CouponValidity = { kind: 'fixed'; from: IsoDate; to: IsoDate } | { kind: 'days'; days: number };

const DAY = 86_400_000;

/** The validity of a coupon claimed at `claimedAt`: [from, to], `to` inclusive to the second. */
export function claimValidity(validity: CouponValidity, claimedAt: Date): { from: Date; to: Date } {
  if (validity.kind === 'fixed')
    return {
      from: beijingStartOf(validity.from),
      to: new Date(beijingStartOf(addDays(validity.to, 1)).getTime() - 1000),
    };
  return { from: claimedAt, to: new Date(claimedAt.getTime() + validity.days * DAY) };
}

export function validityText(validity: CouponValidity): string {
  return validity.kind === 'fixed' ? `${validity.from} 至 ${validity.to}` : `领取后${validity.days}天内有效`;
}

export function coverageText(coverage: Coverage): string {
  if (coverage.all) return '全场通用';
  const parts: string[] = [];
  if (coverage.categoryIds?.length) parts.push('指定分类');
  if (coverage.brandIds?.length) parts.push('指定品牌');
  if (coverage.goodsIds?.length) parts.push('指定商品');
  return parts.length ? `${parts.join('、')}可用` : '暂无适用商品';
}

/** 满100减10 / 9折 最高减¥20 / ¥5现金券 */
export function couponFaceText(c: {
  kind: 'amount_off' | 'discount' | 'cash';
  thresholdFen: number;
  amountFen: number;
  ratePercent: number | null;
  maxDiscountFen: number;
}): string {
  const threshold = c.thresholdFen > 0 ? `满${formatYuan(c.thresholdFen)}` : '无门槛';
  if (c.kind === 'discount') {
    const rate = (c.ratePercent ?? 100) / 10;
    const cap = c.maxDiscountFen > 0 ? ` 最高减${formatYuan(c.maxDiscountFen)}` : '';
    return `${threshold} ${rate}折${cap}`;
  }
  if (c.kind === 'cash') return `${threshold} 抵${formatYuan(c.amountFen)}`;
  return `${threshold}减${formatYuan(c.amountFen)}`;
}
