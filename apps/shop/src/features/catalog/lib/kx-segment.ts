import type { KxListQuery } from '@yaocai/domain';

/**
 * The list a /kxzq/goods/:url link names: a category id (`/kxzq/goods/12`) or a brand
 * (`/kxzq/goods/brand-3`). Anything else names nothing (undefined: the page answers 404).
 */
export function kxSegmentFilter(
  url: string | undefined,
): Pick<KxListQuery, 'category_id' | 'brand_id'> | undefined {
  if (!url) return undefined;
  const category = /^[1-9]\d{0,8}$/.exec(url);
  if (category) return { category_id: Number(url) };
  const brand = /^brand-([1-9]\d{0,8})$/.exec(url);
  if (brand) return { brand_id: Number(brand[1]) };
  return undefined;
}

/** The ad group of the optional :ads segment: ad ids, comma separated (`/kxzq/goods/12/3,4`). */
export function kxAdGroup(ads: string | undefined): string | undefined {
  return ads && /^[1-9]\d{0,8}(,[1-9]\d{0,8}){0,19}$/.test(ads) ? ads : undefined;
}
