import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartCopyResult, CartState, CheckoutData } from '@yaocai/domain';
import { CART_FILTER_ALL } from '@yaocai/domain/cart/limits';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/cart/list: the cart state, every figure computed by the server. */
export const useCartList = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.cartList,
    queryFn: () => http.get<CartState>('/api/cart/list', { params: { filters: CART_FILTER_ALL, new: 1 } }),
    enabled,
  });

/** Each cart change answers the new state: it replaces the list at once and the badge refreshes. */
function useCartChange<T>(call: (input: T) => Promise<CartState>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (state) => {
      client.setQueryData(queryKeys.cartList, state);
      void client.invalidateQueries({ queryKey: queryKeys.cartCount });
    },
    onError: () => client.invalidateQueries({ queryKey: queryKeys.cartList }),
  });
}

export const useEditLine = () =>
  useCartChange(({ id, number }: { id: number; number: number }) =>
    http.post<CartState>(`/api/cart/${id}/edit`, { params: { number }, new: 1 }),
  );

export const useSelectLines = () =>
  useCartChange(({ ids, selected }: { ids: number[]; selected: boolean }) =>
    http.post<CartState>('/api/cart/batch_select', { ids, is_selected: selected ? 1 : 0 }),
  );

export const useDeleteLines = () =>
  useCartChange((ids: number[]) => http.post<CartState>('/api/cart/batch_delete', { ids }));

/** POST /api/cart/checkout: whether the chosen lines may be ordered (a problems list if not). */
export const useCheckout = () =>
  useMutation({
    mutationFn: (ids: number[]) =>
      http.post<CheckoutData>('/api/cart/checkout', { ids, new: 1 }, { silent: true }),
  });

/** POST /api/cart/copy (ids, other_user_ids): the lines go to other stores of the company (merging there). */
export const useCopyLines = () =>
  useMutation({
    mutationFn: ({ ids, storeIds }: { ids: number[]; storeIds: number[] }) =>
      http.post<CartCopyResult>('/api/cart/copy', { ids, other_user_ids: storeIds }),
  });
