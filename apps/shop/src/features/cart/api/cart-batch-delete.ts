import { useMutation } from '@tanstack/react-query';
import type { CartState } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { useCartChanged } from './cart-changed';

export const deleteCartLines = (ids: number[]) => http.post<CartState>('/api/cart/batch_delete', { ids });

/** POST /api/cart/batch_delete (ids). */
export function useDeleteCartLines() {
  const changed = useCartChanged();
  return useMutation({ mutationFn: deleteCartLines, onSuccess: (state) => changed(state) });
}
