import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { CartState } from '@yaocai/domain';
import { queryKeys } from './query-keys';

/**
 * The cart-changed flag (spec 4): after every change of the cart, from any feature (add, edit,
 * delete, select, an order taking the lines, rebuy), the cart list and the badge are
 * invalidated; whatever shows them (the page, the open drawer, the header) refetches. A call that answers
 * the new state also primes the unfiltered list at once.
 */
export function markCartChanged(queryClient: QueryClient, state?: CartState) {
  if (state && state.filter_data.filters === 99999) {
    queryClient.setQueryData([...queryKeys.cartList, 99999], state);
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.cartList });
  void queryClient.invalidateQueries({ queryKey: queryKeys.cartTotal });
}

export function useCartChanged() {
  const queryClient = useQueryClient();
  return (state?: CartState) => markCartChanged(queryClient, state);
}
