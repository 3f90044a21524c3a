import { useQuery } from '@tanstack/react-query';
import type { CartTotal, UserBase } from '@yaocai/domain';
import { http } from './http';
import { queryKeys } from './query-keys';

/** GET /api/user/base: the user state (visitors too: is_login false). */
export const useUserBase = () =>
  useQuery({
    queryKey: queryKeys.userBase,
    queryFn: () => http.get<UserBase>('/api/user/base', { silent: true }),
    staleTime: 60_000,
  });

/** The tab bar's badge: the number of cart lines, for a signed-in buyer only. */
export function useCartCount(): number {
  const user = useUserBase();
  const loggedIn = user.data?.is_login === true;
  const total = useQuery({
    queryKey: queryKeys.cartCount,
    queryFn: () => http.get<CartTotal>('/api/cart/total', { silent: true }),
    enabled: loggedIn,
  });
  return loggedIn ? (total.data?.total ?? 0) : 0;
}
