import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import type { GoodsDetail, GoodsListData } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const favoritesKey = ['favorite', 'list'] as const;

export const fetchFavorites = (page: number, signal?: AbortSignal) =>
  http.get<GoodsListData>('/api/favorite', { params: { page }, signal });

/** GET /api/favorite?page=: the buyer's favourite goods, paged like a goods list. */
export function useFavorites(page: number) {
  return useQuery({
    queryKey: [...favoritesKey, page],
    queryFn: ({ signal }) => fetchFavorites(page, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * After the server accepted a 收藏 or 取消收藏: the cached detail pages of those goods say so at
 * once (a page opened again, e.g. by going back, must not offer to favourite a goods already
 * favourited while it is read again), then the favourites and the details are read again.
 */
export function favoritesChanged(client: QueryClient, goodsIds: readonly number[], favorite: boolean) {
  client.setQueriesData<GoodsDetail>(
    { queryKey: ['goods', 'detail'], predicate: (q) => goodsIds.includes(q.queryKey[2] as number) },
    (detail) => (detail ? { ...detail, is_favorite: favorite } : detail),
  );
  void client.invalidateQueries({ queryKey: favoritesKey });
  void client.invalidateQueries({ queryKey: ['goods', 'detail'] });
}
