import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { asGoodsList } from './goods-shape';

export const recommendationsKey = ['index', 'wntj'] as const;

export const fetchRecommendations = async (signal?: AbortSignal) =>
  asGoodsList(await http.get<unknown>('/api/index_wntj/1', { signal, silent: true }));

/** GET /api/index_wntj/1: 为您推荐 on the home page. */
export function useRecommendations() {
  return useQuery({ queryKey: recommendationsKey, queryFn: ({ signal }) => fetchRecommendations(signal) });
}
