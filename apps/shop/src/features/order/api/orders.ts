import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AfterSaleView,
  CheckoutPreview,
  CreatedOrder,
  OrderDetailView,
  OrderSummaryView,
  Page,
} from '@yaocai/domain';
import { ApiCode } from '@yaocai/domain/api/codes';
import { markCartChanged } from '../../../lib/cart-changed';
import { CancelledError, http } from '../../../lib/http';
import { markWalletChanged } from '../../../lib/wallet';

export interface CheckoutParams {
  ids: number[];
  coupon_id?: number;
  points?: number;
}

export const orderKeys = {
  preview: (p: CheckoutParams) => ['order', 'preview', p] as const,
  list: (q: object) => ['order', 'list', q] as const,
  detail: (id: number) => ['order', 'detail', id] as const,
  receipts: ['order', 'receipts'] as const,
  /** Every order list (any tab, filter or page). */
  lists: ['order', 'list'] as const,
  all: ['order'] as const,
};

/**
 * The server-priced preview of the chosen lines, coupon and points. Each choice is its own query:
 * a choice left behind is aborted (its signal), and one replaced by a newer request to the same
 * URL (the client's repeat cancellation) is asked again rather than ending the page in an error.
 * While the new choice is priced, the previous figures stay with `isPlaceholderData` set.
 */
export const usePreview = (p: CheckoutParams) =>
  useQuery({
    queryKey: orderKeys.preview(p),
    queryFn: ({ signal }) => http.post<CheckoutPreview>('/api/order/preview', p, { signal }),
    enabled: p.ids.length > 0,
    retry: (failures, error) => error instanceof CancelledError && failures < 3,
    retryDelay: 0,
    placeholderData: (previous) => previous,
  });

export interface CreateOrderBody extends CheckoutParams {
  address_id?: number;
  remarks?: string;
  invoice?: { type: number; title?: string; tax_no?: string };
  /** 随货资料 codes (packages/domain shippingPapers). */
  papers?: string[];
}

const createOrder = (body: CreateOrderBody, idempotencyKey: string) =>
  http.post<CreatedOrder>('/api/order/create', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** Places the order; its lines leave the cart, so the cart and the badge refresh (cart-changed). */
export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateOrderBody; idempotencyKey: string }) =>
      createOrder(body, idempotencyKey),
    // Not orderKeys.all: the step-2 preview of these lines is still on screen, and would be asked
    // again for lines that are no longer in the cart.
    onSuccess: () => {
      markCartChanged(client);
      markWalletChanged(client);
      client.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}

export interface OrderListQuery {
  tab?: string;
  keyword?: string;
  start_date?: string;
  end_date?: string;
  page: number;
}

export const useOrders = (q: OrderListQuery) =>
  useQuery({
    queryKey: orderKeys.list(q),
    queryFn: () =>
      http.get<Page<OrderSummaryView>>('/api/order/list', {
        params: { ...q, tab: q.tab === 'all' ? undefined : q.tab },
      }),
    placeholderData: (previous) => previous,
  });

export const useOrderDetail = (id: number) =>
  useQuery({
    queryKey: orderKeys.detail(id),
    // Each page asking it (detail, pay, step 4) shows a missing order itself.
    queryFn: () => http.get<OrderDetailView>(`/api/order/detail/${id}`, { shownHere: [ApiCode.notFound] }),
    enabled: id > 0,
  });

export const useReceiptOrders = () =>
  useQuery({
    queryKey: orderKeys.receipts,
    queryFn: () => http.get<Page<OrderSummaryView>>('/api/order/receipts'),
  });

/** cancel | confirm | rebuy on one order; refreshes the order data (and the cart after rebuy). */
export function useOrderAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'cancel' | 'confirm' | 'rebuy' }) =>
      http.post<unknown>(`/api/order/${id}/${action}`),
    onSuccess: (_data, { action }) => {
      client.invalidateQueries({ queryKey: orderKeys.all });
      if (action === 'rebuy') markCartChanged(client);
      else markWalletChanged(client);
    },
  });
}

export interface AfterSaleBody {
  kind: 'return' | 'after_sale';
  reason: string;
  lines: { line_id: number; quantity: number }[];
  photo_ids?: number[];
}

export function useRequestAfterSale(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AfterSaleBody) => http.post<AfterSaleView>(`/api/order/${orderId}/after_sale`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
