import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminInvoiceView, InvoiceState, InvoiceView } from '@yaocai/domain';
import qs from 'qs';
import { http } from '../../../lib/http';

export interface InvoiceQuery {
  state?: InvoiceState;
  keyword?: string;
  page: number;
  page_size: number;
}
interface InvoiceList {
  list: AdminInvoiceView[];
  total: number;
  page: number;
  page_size: number;
}

const key = ['admin-invoices'] as const;

/** GET /api/admin/invoices */
export const listInvoices = (q: InvoiceQuery) =>
  http.get<InvoiceList>(`/api/admin/invoices?${qs.stringify(q, { skipNulls: true })}`);
export const useInvoices = (q: InvoiceQuery) =>
  useQuery({ queryKey: [...key, q], queryFn: () => listInvoices(q), placeholderData: keepPreviousData });

/** POST /api/admin/invoices/:id/issue */
export const issueInvoice = (id: number) => http.post<InvoiceView>(`/api/admin/invoices/${id}/issue`, {});
/** POST /api/admin/invoices/:id/reject */
export const rejectInvoice = ({ id, reason }: { id: number; reason: string }) =>
  http.post<InvoiceView>(`/api/admin/invoices/${id}/reject`, { reason });

/** POST /api/admin/invoices/:id/refresh: the provider's result of an invoice it is issuing. */
export const refreshInvoice = (id: number) => http.post<InvoiceView>(`/api/admin/invoices/${id}/refresh`, {});

export function useRefreshInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refreshInvoice,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
export function useIssueInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: issueInvoice,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
export function useRejectInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rejectInvoice,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
