import { useMutation } from '@tanstack/react-query';
import type { CartState } from '@yaocai/domain';
import { useCartChanged } from '../../../lib/cart-changed';
import { http } from '../../../lib/http';

export const selectCartLines = ({ ids, selected }: { ids: number[]; selected: boolean }) =>
  http.post<CartState>('/api/cart/batch_select', { ids, is_selected: selected ? 1 : 0 });

/** POST /api/cart/batch_select (ids, is_selected). */
export function useSelectCartLines() {
  const changed = useCartChanged();
  return useMutation({ mutationFn: selectCartLines, onSuccess: (state) => changed(state) });
}
