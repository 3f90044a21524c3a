import { useQuery } from '@tanstack/react-query';
import type { GoodsDetail } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** The activity context a detail page was opened with (spec: list_info query string). */
export interface DetailContext {
  goods_price_id: number;
  ladder_price_id: number;
  goods_manjian_id: number;
  is_yj: number;
  is_jxq: number;
}

export const goodsDetailKey = (id: number, context: DetailContext) =>
  ['goods', 'detail', id, context] as const;

export const fetchGoodsDetail = (id: number, context: DetailContext, signal?: AbortSignal) =>
  http.get<GoodsDetail>(`/api/goods/detail/${id}`, { params: { ...context }, signal });

export function useGoodsDetail(id: number, context: DetailContext) {
  return useQuery({
    queryKey: goodsDetailKey(id, context),
    queryFn: ({ signal }) => fetchGoodsDetail(id, context, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}
