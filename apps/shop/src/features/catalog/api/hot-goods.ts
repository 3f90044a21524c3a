import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { asGoodsList } from './goods-shape';

export const hotGoodsKey = ['goods', 'hot'] as const;

export const fetchHotGoods = async (signal?: AbortSignal) =>
  asGoodsList(await http.get<unknown>('/api/goods/hot', { signal, silent: true }));

/** GET /api/goods/hot: the home page's 热销商品. */
export function useHotGoods() {
  return useQuery({ queryKey: hotGoodsKey, queryFn: ({ signal }) => fetchHotGoods(signal) });
}
