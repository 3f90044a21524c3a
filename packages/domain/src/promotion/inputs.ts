import type { CartActivityInput, CartLineInput } from '../cart/schemas';
import { DEFAULT_POINTS_RULE, type PointsRule } from '../order/points';
import type { LivePromotion } from './rule';
import type { Coupon } from './rules/coupon';

// The edge between the per-kind inputs the server's loaders still feed (the line's special,
// the full-reduction activities, the held coupon, the points balance) and the one promotion
// shape the engine runs. When storage holds one shape (modules/promotion/README.md), the loaders
// hand LivePromotion rows over as they are and this file shrinks to the per-order ones.

/** The cart's live promotions: generic ones, full-reduction activities, each line's special. */
export function cartPromotions(
  lines: readonly CartLineInput[],
  activity: CartActivityInput,
): LivePromotion[] {
  const out: LivePromotion[] = [...((activity.promotions ?? []) as LivePromotion[])];
  if (activity.fullReductionTiers?.length)
    out.push({
      kind: 'full_reduction',
      id: 0,
      label: '满减',
      coverage: null,
      condition: {},
      action: { tiers: activity.fullReductionTiers },
    });
  for (const a of activity.fullReductionActivities ?? [])
    out.push({
      kind: 'full_reduction',
      id: a.id,
      label: a.name,
      coverage: a.coverage,
      condition: {},
      action: { tiers: a.tiers },
    });
  for (const line of lines) {
    const special = line.special;
    if (!special) continue;
    const { kind, code, promotionId, label, ...action } = special;
    out.push({
      kind,
      id: promotionId,
      code,
      label,
      coverage: null,
      lineIds: [line.id],
      condition: {},
      action,
    });
  }
  return out;
}

export interface OrderPromotionOptions {
  coupon?: Coupon | null;
  points?: { balance: number; requested?: number; rule?: PointsRule } | null;
}

/** The order's own: the held coupon the buyer chose and the points they pay with. */
export function orderPromotions(options: OrderPromotionOptions): LivePromotion[] {
  const out: LivePromotion[] = [];
  if (options.coupon)
    out.push({
      kind: 'coupon',
      id: Number(options.coupon.id) || 0,
      label: options.coupon.name ?? '优惠券',
      coverage: options.coupon.coverage ?? null,
      condition: {},
      action: options.coupon,
    });
  if (options.points)
    out.push({
      kind: 'points',
      id: 0,
      label: '积分抵扣',
      coverage: null,
      condition: {},
      action: {
        balance: options.points.balance,
        requested: options.points.requested,
        ...(options.points.rule ?? DEFAULT_POINTS_RULE),
      },
    });
  return out;
}
