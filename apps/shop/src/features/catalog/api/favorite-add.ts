import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { favoritesChanged } from './favorites';

export const addFavorites = (goodsIds: number[]) =>
  http.post<unknown>('/api/favorite', { goods_ids: goodsIds });

/** POST /api/favorite (goods_ids[]). */
export function useAddFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFavorites,
    onSuccess: (_data, goodsIds) => favoritesChanged(queryClient, goodsIds, true),
  });
}
