import { useMutation } from '@tanstack/react-query';
import type { CartState } from '@yaocai/domain';
import { useCartChanged } from '../../../lib/cart-changed';
import { http } from '../../../lib/http';

export const editCartLine = ({ id, number }: { id: number; number: number }) =>
  http.post<CartState>(`/api/cart/${id}/edit`, { params: { number }, new: 1 });

/** POST /api/cart/{id}/edit: a new quantity; answers the new cart state. */
export function useEditCartLine() {
  const changed = useCartChanged();
  return useMutation({ mutationFn: editCartLine, onSettled: (state) => changed(state) });
}
