import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GoodsListData } from '@yaocai/domain';
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
