import type { GoodsListQuery } from '@yaocai/domain';
import { goodsSorts, goodsTags } from '@yaocai/domain/catalog/scope';
import type { GoodsListParams } from './api/catalog';

const zones = ['yx', 'zyyp', 'qxzq', 'jxqzc', 'kxzq', 'ppzq'] as const;
type Zone = NonNullable<GoodsListQuery['zone']>;
type Sort = GoodsListQuery['sort'];
type Tag = NonNullable<GoodsListQuery['tag']>;

const positiveId = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The list screen's filters from its URL: only values the API accepts survive, so a hand-edited
 * address lists goods rather than ending in a refusal.
 */
export function readListParams(search: URLSearchParams): GoodsListParams {
  const params: GoodsListParams = {};
  const keywords = search.get('keywords')?.trim();
  if (keywords) params.keywords = keywords.slice(0, 100);
  const category = positiveId(search.get('category_id'));
  if (category) params.category_id = category;
  const brand = positiveId(search.get('brand_id'));
  if (brand) params.brand_id = brand;
  const zone = search.get('zone');
  if (zone && (zones as readonly string[]).includes(zone)) params.zone = zone as Zone;
  const tag = search.get('tag');
  if (tag && (goodsTags as readonly string[]).includes(tag)) params.tag = tag as Tag;
  const sort = search.get('sort');
  if (sort && (goodsSorts as readonly string[]).includes(sort)) params.sort = sort as Sort;
  if (search.get('in_stock') === '1') params.in_stock = 1;
  return params;
}

/** The list screen's address for these filters, with the title its bar shows. */
export function listHref(params: GoodsListParams, title?: string): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  if (title) search.set('title', title);
  return `/list?${search.toString()}`;
}
