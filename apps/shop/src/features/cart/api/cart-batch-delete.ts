import { useMutation } from '@tanstack/react-query';
import type { CartState } from '@yaocai/domain';
import { useCartChanged } from '../../../lib/cart-changed';
import { http } from '../../../lib/http';

export const deleteCartLines = (ids: number[]) => http.post<CartState>('/api/cart/batch_delete', { ids });

/** POST /api/cart/batch_delete (ids). */
export function useDeleteCartLines() {
  const changed = useCartChanged();
  return useMutation({ mutationFn: deleteCartLines, onSuccess: (state) => changed(state) });
}
