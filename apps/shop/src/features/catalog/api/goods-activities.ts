import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { asGoodsList } from './goods-shape';

export interface ActivitiesParams {
  /** Zone or activity the goods belong to (e.g. a tag such as 秒 or 特). */
  tag?: string;
  page_size?: number;
}

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
