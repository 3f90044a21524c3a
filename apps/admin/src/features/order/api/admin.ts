import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AfterSaleView, OrderDetailView, OrderSummaryView, Page, PendingReceipt } from '@yaocai/domain';
import qs from 'qs';
import { http } from '../../../lib/http';

/** Operator calls of the order console, through the console's one HTTP client. */
const call = <T>(method: 'GET' | 'POST', url: string, body?: object): Promise<T> =>
  method === 'GET' ? http.get<T>(url) : http.post<T>(url, body);

const keys = { all: ['admin-order'] as const };

export const useAdminOrders = (q: { status?: string; keyword?: string; page: number }) =>
  useQuery({
    queryKey: [...keys.all, 'list', q],
    queryFn: () =>
      call<Page<OrderSummaryView>>('GET', `/api/admin/orders?${qs.stringify(q, { skipNulls: true })}`),
    retry: false,
  });

export const useAdminOrder = (id: number | null) =>
  useQuery({
    queryKey: [...keys.all, 'detail', id],
    queryFn: () => call<OrderDetailView>('GET', `/api/admin/orders/${id}`),
    enabled: !!id,
  });

export const useAfterSales = (status?: string) =>
  useQuery({
    queryKey: [...keys.all, 'after-sales', status],
    queryFn: () => call<AfterSaleView[]>('GET', `/api/admin/after_sales${status ? `?status=${status}` : ''}`),
  });

export const useReceipts = () =>
  useQuery({
    queryKey: [...keys.all, 'receipts'],
    queryFn: () => call<PendingReceipt[]>('GET', '/api/admin/receipts'),
  });

/** Any operator action; refreshes every console list afterwards. */
export function useAdminAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ url, body }: { url: string; body: object }) => call<unknown>('POST', url, body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
