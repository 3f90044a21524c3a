import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminTransferQuery,
  AdminTransferView,
  RefundTodosView,
  TransferConfirmBody,
  TransferReceiptState,
  TransferRefundRecordBody,
} from '@yaocai/domain';
import qs from 'qs';
import { http } from '../../../lib/http';

export type TransferQuery = AdminTransferQuery & {
  state?: TransferReceiptState;
  page: number;
  page_size: number;
};
interface TransferList {
  list: AdminTransferView[];
  total: number;
  page: number;
  page_size: number;
}

const key = ['admin-transfers'] as const;
const todoKey = ['admin-refund-todos'] as const;

/** GET /api/admin/transfers */
export const useTransfers = (q: TransferQuery) =>
  useQuery({
    queryKey: [...key, q],
    queryFn: () => http.get<TransferList>(`/api/admin/transfers?${qs.stringify(q, { skipNulls: true })}`),
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/transfers/:id/confirm */
export function useConfirmTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TransferConfirmBody & { id: number }) =>
      http.post<AdminTransferView>(`/api/admin/transfers/${id}/confirm`, body),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: key });
      client.invalidateQueries({ queryKey: todoKey });
    },
  });
}

/** POST /api/admin/transfers/:id/reject */
export function useRejectTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      http.post<AdminTransferView>(`/api/admin/transfers/${id}/reject`, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** GET /api/admin/refund-todos */
export const useRefundTodos = () =>
  useQuery({ queryKey: todoKey, queryFn: () => http.get<RefundTodosView>('/api/admin/refund-todos') });

/** POST /api/admin/refund-todos/provider/:id/retry */
export function useRetryRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      http.post<{ id: number; status: string }>(`/api/admin/refund-todos/provider/${id}/retry`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: todoKey }),
  });
}

/** POST /api/admin/refund-todos/transfer/:id/record */
export function useRecordTransferRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TransferRefundRecordBody & { id: number }) =>
      http.post<{ id: number }>(`/api/admin/refund-todos/transfer/${id}/record`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: todoKey }),
  });
}
