import { type GoodsListQuery, goodsSorts, goodsTags, LINE_CONTROL_CHARS, PG_INT_MAX } from '@yaocai/domain';

/** The list filters a page may put in its URL (everything but the zone, which the route gives). */
export const LIST_PARAM_KEYS = [
  'page',
  'page_size',
  'category_id',
  'keywords',
  'type',
  'no_alias',
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

/** A number as `z.coerce.number()` reads it, kept when it is an integer within the bounds. */
const integer = (min: number, max: number) => (raw: string) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};
const price = (raw: string) => {
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= PG_INT_MAX / 100 ? n : undefined;
};
const text = (raw: string) => {
  const trimmed = raw.trim();
  return !LINE_CONTROL_CHARS.test(trimmed) && trimmed.length <= 100 ? trimmed : undefined;
};
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (raw: string) =>
    (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

/**
 * Each key's reader, written by hand so the list's first load does without zod (24 KB): they
 * accept what the contract's schema (goodsListQuery in @yaocai/domain) accepts, which
 * list-params.test.ts checks value by value against the schema itself.
 */
const readers: Record<(typeof LIST_PARAM_KEYS)[number], (raw: string) => unknown> = {
  page: integer(1, 10_000),
  page_size: integer(1, 100),
  category_id: integer(1, PG_INT_MAX),
  keywords: text,
  type: integer(0, 1),
  no_alias: integer(0, 1),
  sccj: text,
  brand_id: integer(1, PG_INT_MAX),
  tag: oneOf(goodsTags),
  in_stock: integer(0, 1),
  min_price: price,
  max_price: price,
  shelf_months: integer(0, 60),
  sort: oneOf(goodsSorts),
};

/** Reads the list filters from URL search params; one bad value (hand-edited URL) drops only itself. */
export function readListFilters(search: URLSearchParams): ListFilters {
  const filters: Record<string, unknown> = {};
  for (const key of LIST_PARAM_KEYS) {
    const raw = search.get(key);
    if (raw === null || raw === '') continue;
    const value = readers[key](raw);
    if (value !== undefined) filters[key] = value;
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
