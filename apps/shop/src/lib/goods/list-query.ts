import type { GoodsListQuery } from '@yaocai/domain';
import type { Params } from 'react-router';
import type { GoodsListParams } from './goods-list';
import { readListFilters } from './list-params';
import { currentView } from './list-view';

/**
 * THE goods-list call of a list page: the URL's filters, then the filters the route fixes, the
 * page kept in the path, and a page size by view (20 cards, 30 rows). GoodsResults asks it, and
 * the list routes' loader starts the same call while the page's code is still loading.
 */
export function goodsListQueryOf(
  pathname: string,
  search: URLSearchParams,
  fixed: Partial<GoodsListQuery> = {},
  pathPage?: number,
): GoodsListParams & { page_size: number } {
  const filters = readListFilters(search);
  const view = currentView(pathname, search);
  return {
    ...filters,
    ...fixed,
    ...(pathPage !== undefined ? { page: pathPage } : {}),
    page_size: filters.page_size ?? (view === 'card' ? 20 : 30),
  };
}

/** The filters /list/other/:id/:name? fixes by its path (ListPage). */
export function listPageFixed(params: Params): Partial<GoodsListQuery> {
  const categoryId = Number(params.id);
  return Number.isInteger(categoryId) && categoryId > 0 ? { category_id: categoryId } : {};
}
