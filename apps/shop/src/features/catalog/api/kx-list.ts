import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GoodsListData, KxListQuery } from '@yaocai/domain';
import { http } from '../../../lib/http';

export type KxListParams = Partial<KxListQuery>;

export const kxListKey = (params: KxListParams) => ['goods', 'kx', params] as const;

export const fetchKxList = (params: KxListParams, signal?: AbortSignal) =>
  http.get<GoodsListData>('/api/kx/getList', { params, signal });

/** GET /api/kx/getList: 控销 goods, each priced or refused for this buyer; keeps the last page shown. */
export function useKxList(params: KxListParams) {
  return useQuery({
    queryKey: kxListKey(params),
    queryFn: ({ signal }) => fetchKxList(params, signal),
    placeholderData: keepPreviousData,
  });
}
