/**
 * The stacking matrix (叠加规则): one table saying which promotions may apply to the same line,
 * and the fixed order the pricing engine applies them in. Each promotion works on what the ones
 * before it left, so no reduction is measured on money another has already taken off.
 *
 * - 特价 `special_price` (flash sale 秒杀, daily special 每日特价): replaces the unit price.
 * - 福利 `welfare`: a sitewide discount (94折) on chosen goods, on the unit price.
 * - 满减 `full_reduction`: tiers over the covered lines' amount.
 * - 优惠券 `coupon`: one platform coupon per order.
 * - 积分 `points`: points pay part of what is left.
 */
export const promotionKinds = ['special_price', 'welfare', 'full_reduction', 'coupon', 'points'] as const;
export type PromotionKind = (typeof promotionKinds)[number];

export const promotionKindLabels: Record<PromotionKind, string> = {
  special_price: '特价',
  welfare: '福利折扣',
  full_reduction: '满减',
  coupon: '优惠券',
  points: '积分抵扣',
};

/**
 * stacking[a][b]: may b apply to a line a has already applied to. Read by row: a line at a
 * special price takes no welfare discount and no full-reduction, but may take a coupon (unless
 * the coupon excludes 特价 goods) and points. Symmetric by construction (checked by its test).
 */
export const stacking: Record<PromotionKind, Record<PromotionKind, boolean>> = {
  special_price: { special_price: false, welfare: false, full_reduction: false, coupon: true, points: true },
  welfare: { special_price: false, welfare: false, full_reduction: true, coupon: true, points: true },
  full_reduction: { special_price: false, welfare: true, full_reduction: false, coupon: true, points: true },
  coupon: { special_price: true, welfare: true, full_reduction: true, coupon: false, points: true },
  points: { special_price: true, welfare: true, full_reduction: true, coupon: true, points: false },
};

/** Whether a promotion of `kind` may apply to a line already taken by `taken`. */
export function mayStack(taken: readonly PromotionKind[], kind: PromotionKind): boolean {
  return taken.every((t) => stacking[t][kind]);
}

/** The application order: the index of each kind in promotionKinds. */
export const stackingOrder = (kind: PromotionKind): number => promotionKinds.indexOf(kind);

/** The matrix as rows for the buyer (step 2's 优惠说明) and the console. */
export function stackingRows(): {
  kind: PromotionKind;
  label: string;
  with: { label: string; allowed: boolean }[];
}[] {
  return promotionKinds.map((kind) => ({
    kind,
    label: promotionKindLabels[kind],
    with: promotionKinds
      .filter((other) => other !== kind)
      .map((other) => ({ label: promotionKindLabels[other], allowed: stacking[kind][other] })),
  }));
}
