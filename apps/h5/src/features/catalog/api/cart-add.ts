import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartAddLine } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/cart with params[i][...]; the cart and the tab bar's badge refresh after. */
export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lines: Partial<CartAddLine>[]) => http.post<unknown>('/api/cart', { params: lines }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.cart }),
  });
}
