import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { GoodsDetail, GoodsListData, GoodsListQuery, HeaderCommonData } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** GET /api/focus/common: the category tree (and hot searches). */
export const useCatalogCommon = () =>
  useQuery({
    queryKey: ['focus', 'common'],
    queryFn: ({ signal }) => http.get<HeaderCommonData>('/api/focus/common', { signal, silent: true }),
    staleTime: 5 * 60_000,
  });

export type GoodsListParams = Partial<Omit<GoodsListQuery, 'page'>>;
export const LIST_PAGE_SIZE = 20;

/**
 * GET /api/goods/list page by page, for the infinite list: the screen's hook and the route's
 * loader (app/router.tsx, which starts the first page beside the screen's code) share it.
 */
export const goodsPagesQuery = (params: GoodsListParams) =>
  infiniteQueryOptions({
    queryKey: ['goods', 'pages', params],
    queryFn: ({ pageParam, signal }) =>
      http.get<GoodsListData>('/api/goods/list', {
        params: { ...params, page: pageParam, page_size: LIST_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

export const useGoodsPages = (params: GoodsListParams) => useInfiniteQuery(goodsPagesQuery(params));

/** GET /api/goods/search: suggestions for what is typed. */
export const fetchSuggestions = (keywords: string, signal?: AbortSignal) =>
  http.get<string[]>('/api/goods/search', { params: { keywords, type: 0 }, signal, silent: true });

export const goodsDetailKey = (id: number) => ['goods', 'detail', id] as const;

/** GET /api/goods/detail/{id} (the screen's hook and the route's loader share it). */
export const goodsDetailQuery = (id: number) =>
  queryOptions({
    queryKey: goodsDetailKey(id),
    queryFn: ({ signal }) => http.get<GoodsDetail>(`/api/goods/detail/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useGoodsDetail = (id: number) => useQuery(goodsDetailQuery(id));

export const refreshGoods = (client: QueryClient) => client.invalidateQueries({ queryKey: ['goods'] });
