import { useQuery } from '@tanstack/react-query';
import type { GoodsListParams } from '../../../lib/goods/goods-list';
import { http } from '../../../lib/http';
import { asGoodsList } from './goods-shape';

/** Goods of a zone or tag (same list shape as goods/list). */
export type ActivitiesParams = Pick<GoodsListParams, 'zone' | 'tag' | 'page' | 'page_size' | 'sort'>;

export const goodsActivitiesKey = (params: ActivitiesParams) => ['goods', 'activities', params] as const;

export const fetchGoodsActivities = async (params: ActivitiesParams, signal?: AbortSignal) =>
  asGoodsList(
    await http.get<unknown>('/api/goods/activities', { params: { ...params }, signal, silent: true }),
  );

/** GET /api/goods/activities: goods taking part in activities (the home page's 活动特惠 floor). */
export function useGoodsActivities(params: ActivitiesParams = {}) {
  return useQuery({
    queryKey: goodsActivitiesKey(params),
    queryFn: ({ signal }) => fetchGoodsActivities(params, signal),
  });
}
