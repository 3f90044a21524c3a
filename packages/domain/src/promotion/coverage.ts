/**
 * Which goods a promotion covers: data, never a display tag (design.md). A coverage lists
 * goods, categories, brands and zones; a goods is covered when it matches any of them (or the
 * coverage is for all goods) and is not excluded. 含麻 (ephedrine-type) goods are never covered:
 * they are sold only under their own purchase limits.
 */
export interface Coverage {
  /** Every goods (minus the exclusions). */
  all?: boolean;
  goodsIds?: number[];
  categoryIds?: number[];
  brandIds?: number[];
  /** Zone codes (yx, zyyp, qxzq, jxqzc, kxzq, ppzq). */
  zones?: string[];
  excludeGoodsIds?: number[];
}

/** What coverage is decided on, per goods. */
export interface CoverageFacts {
  goodsId: number;
  /** The goods' own categories (a coverage's categories arrive expanded to their sub-categories). */
  categoryIds: readonly number[];
  brandId: number | null;
  zones: readonly string[];
  ephedrine: boolean;
}

const hasAny = <T>(list: readonly T[] | undefined, values: readonly T[]) =>
  !!list && list.length > 0 && values.some((v) => list.includes(v));

export function covers(coverage: Coverage, goods: CoverageFacts): boolean {
  if (goods.ephedrine) return false;
  if (coverage.excludeGoodsIds?.includes(goods.goodsId)) return false;
  if (coverage.all) return true;
  return (
    !!coverage.goodsIds?.includes(goods.goodsId) ||
    hasAny(coverage.categoryIds, goods.categoryIds) ||
    (goods.brandId !== null && !!coverage.brandIds?.includes(goods.brandId)) ||
    hasAny(coverage.zones, goods.zones)
  );
}

/** A coverage that names nothing covers nothing; the console refuses to save one. */
export function isEmptyCoverage(coverage: Coverage): boolean {
  return (
    !coverage.all &&
    !coverage.goodsIds?.length &&
    !coverage.categoryIds?.length &&
    !coverage.brandIds?.length &&
    !coverage.zones?.length
  );
}
