import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddressView,
  AvailableCouponList,
  CheckoutPreview,
  CreatedOrder,
  OrderDetailView,
  OrderSummaryView,
  Page,
} from '@yaocai/domain';
import { CancelledError, http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export interface CheckoutChoice {
  ids: number[];
  coupon_id?: number;
  points?: number;
}

/** POST /api/order/preview: the server-priced order for the chosen lines, coupon and points. */
export const usePreview = (choice: CheckoutChoice) =>
  useQuery({
    queryKey: ['order', 'preview', choice],
    queryFn: ({ signal }) => http.post<CheckoutPreview>('/api/order/preview', choice, { signal }),
    enabled: choice.ids.length > 0,
    retry: (failures, error) => error instanceof CancelledError && failures < 3,
    retryDelay: 0,
    placeholderData: (previous) => previous,
  });

export const useAddresses = () =>
  useQuery({ queryKey: ['address', 'list'], queryFn: () => http.get<AddressView[]>('/api/address') });

export const useAvailableCoupons = (ids: number[]) =>
  useQuery({
    queryKey: ['coupon', 'available', ids],
    queryFn: () =>
      http.get<AvailableCouponList>('/api/user/availableCoupon', { params: { ids: ids.join(',') } }),
    enabled: ids.length > 0,
  });

export interface CreateOrderBody extends CheckoutChoice {
  address_id?: number;
  remarks?: string;
  invoice?: { type: number; title?: string; tax_no?: string };
}

/** POST /api/order/create with its Idempotency-Key; its lines leave the cart. */
export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateOrderBody; key: string }) =>
      http.post<CreatedOrder>('/api/order/create', body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.cart });
      void client.invalidateQueries({ queryKey: ['order', 'list'] });
    },
  });
}

export const useOrders = (tab: string) =>
  useQuery({
    queryKey: ['order', 'list', tab],
    queryFn: ({ signal }) =>
      http.get<Page<OrderSummaryView>>('/api/order/list', {
        params: { tab: tab === 'all' ? undefined : tab, page: 1 },
        signal,
      }),
  });

export const useOrderDetail = (id: number) =>
  useQuery({
    queryKey: ['order', 'detail', id],
    queryFn: () => http.get<OrderDetailView>(`/api/order/detail/${id}`),
    enabled: id > 0,
  });

/** cancel | confirm | rebuy on one order; refreshes the orders (and the cart after rebuy). */
export function useOrderAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'cancel' | 'confirm' | 'rebuy' }) =>
      http.post<unknown>(`/api/order/${id}/${action}`),
    onSuccess: (_data, { action }) => {
      void client.invalidateQueries({ queryKey: queryKeys.orders });
      if (action === 'rebuy') void client.invalidateQueries({ queryKey: queryKeys.cart });
    },
  });
}
