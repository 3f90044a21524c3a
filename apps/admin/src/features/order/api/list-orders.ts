import { useQuery } from '@tanstack/react-query';
import type { OrderSummaryView, Page } from '@yaocai/domain';
import qs from 'qs';
import { http } from '../../../lib/http';
import { orderKeys } from './keys';

export interface OrderListQuery {
  status?: string;
  keyword?: string;
  page: number;
}

/** GET /api/admin/orders: every buyer's orders, filtered and paged. */
export const listOrders = (q: OrderListQuery) =>
  http.get<Page<OrderSummaryView>>(`/api/admin/orders?${qs.stringify(q, { skipNulls: true })}`);

export const useOrders = (q: OrderListQuery) =>
  useQuery({ queryKey: orderKeys.list(q), queryFn: () => listOrders(q) });
