import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { favoritesChanged } from './favorites';

export const cancelFavorites = (goodsIds: number[]) =>
  http.post<unknown>('/api/favorite/cancel', { goods_ids: goodsIds });

/** POST /api/favorite/cancel (goods_ids[]). */
export function useCancelFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelFavorites,
    onSuccess: (_data, goodsIds) => favoritesChanged(queryClient, goodsIds, false),
  });
}
