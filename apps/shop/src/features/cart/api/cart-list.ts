import { useQuery } from '@tanstack/react-query';
import { CART_FILTER_ALL, type CartState } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export const cartListKey = (filters: number = CART_FILTER_ALL) => [...queryKeys.cartList, filters] as const;

export const fetchCartList = (filters: number = CART_FILTER_ALL) =>
  http.get<CartState>('/api/cart/list', { params: { filters, new: 1 } });

/** GET /api/cart/list: the cart state, every figure computed by the server. */
export function useCartList(filters: number = CART_FILTER_ALL, enabled = true) {
  return useQuery({ queryKey: cartListKey(filters), queryFn: () => fetchCartList(filters), enabled });
}
