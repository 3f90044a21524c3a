import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GoodsListQuery, GoodsSearchListData } from '@yaocai/domain';
import { http } from '../http';

export type GoodsListParams = Partial<GoodsListQuery>;

export const goodsListKey = (params: GoodsListParams) => ['goods', 'list', params] as const;

export const fetchGoodsList = (params: GoodsListParams, signal?: AbortSignal) =>
  http.get<GoodsSearchListData>('/api/goods/list', { params, signal });

/**
 * GET /api/goods/list; keeps the previous page on screen while the next one loads. A keyword
 * search also says what its alias searched (searched_as) and, finding nothing, the nearest name.
 */
export function useGoodsList(params: GoodsListParams) {
  return useQuery({
    queryKey: goodsListKey(params),
    queryFn: ({ signal }) => fetchGoodsList(params, signal),
    placeholderData: keepPreviousData,
  });
}
