import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceRequestBody, InvoiceState, InvoiceView } from '@yaocai/domain';
import { http } from '../../../lib/http';

interface InvoicePage {
  list: InvoiceView[];
  total: number;
  page: number;
  page_size: number;
}
export interface InvoiceableOrder {
  id: number;
  order_no: string;
  total: number;
  ordered_at: number;
}

/** GET /api/user/invoices */
export const myInvoices = (page: number, state?: InvoiceState) =>
  http.get<InvoicePage>(`/api/user/invoices?page=${page}${state ? `&state=${state}` : ''}`);
export const useMyInvoices = (page: number, state?: InvoiceState) =>
  useQuery({
    queryKey: ['invoices', state ?? 'all', page],
    queryFn: () => myInvoices(page, state),
    placeholderData: keepPreviousData,
  });

/** GET /api/user/invoices/orders: paid orders without an invoice. */
export const invoiceableOrders = () => http.get<InvoiceableOrder[]>('/api/user/invoices/orders');
export const useInvoiceableOrders = (enabled: boolean) =>
  useQuery({ queryKey: ['invoices', 'orders'], queryFn: invoiceableOrders, enabled });

/** POST /api/user/invoices: ask for, or correct, the invoice of an order. */
export const requestInvoice = (body: InvoiceRequestBody) =>
  http.post<InvoiceView>('/api/user/invoices', body);
export function useRequestInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestInvoice,
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['invoices'] });
      client.invalidateQueries({ queryKey: ['order'] });
    },
  });
}
