import { type GoodsListQuery, goodsListQuery } from '@yaocai/domain';

/** The list filters a page may put in its URL (everything but the zone, which the route gives). */
export const LIST_PARAM_KEYS = [
  'page',
  'page_size',
  'category_id',
  'keywords',
  'type',
  'sccj',
  'brand_id',
  'tag',
  'in_stock',
  'min_price',
  'max_price',
  'shelf_months',
  'sort',
] as const satisfies readonly (keyof GoodsListQuery)[];

export type ListFilters = Partial<Pick<GoodsListQuery, (typeof LIST_PARAM_KEYS)[number]>>;

const fieldSchema = goodsListQuery.shape;

/**
 * Reads the list filters from URL search params. Each key is validated on its own with the
 * contract's schema, so one bad value (hand-edited URL) drops only itself.
 */
export function readListFilters(search: URLSearchParams): ListFilters {
  const filters: Record<string, unknown> = {};
  for (const key of LIST_PARAM_KEYS) {
    const raw = search.get(key);
    if (raw === null || raw === '') continue;
    const parsed = fieldSchema[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) filters[key] = parsed.data;
  }
  return filters as ListFilters;
}

/**
 * New search params with `changes` applied: empty values removed, and back to page 1 whenever
 * a filter other than the page changes (a new filter makes the old page number meaningless).
 */
export function withListFilters(
  search: URLSearchParams,
  changes: Record<string, string | number | undefined | null>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  if (next.get('sort') === 'default') next.delete('sort');
  return next;
}
