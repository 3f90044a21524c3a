import { useQuery } from '@tanstack/react-query';
import type { CartTotal } from '@yaocai/domain';
import { http } from '../../lib/http';
import { queryKeys } from '../../lib/query-keys';

export const fetchCartTotal = () => http.get<CartTotal>('/api/cart/total', { silent: true });

/** Number of cart lines (the badge equals the number of lines), only for logged-in buyers. */
export function useCartTotal(loggedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.cartTotal,
    queryFn: fetchCartTotal,
    enabled: loggedIn,
    select: (data) => data.total,
  });
}

export const BADGE_MAX = 99;
