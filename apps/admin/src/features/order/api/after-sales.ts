import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AfterSaleView } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { orderKeys } from './keys';

export type AdminAfterSale = AfterSaleView & { order_no: string };

/** GET /api/admin/after_sales?status= */
export const listAfterSales = (status: string) =>
  http.get<AdminAfterSale[]>(`/api/admin/after_sales?status=${encodeURIComponent(status)}`);

export const useAfterSales = (status: string) =>
  useQuery({ queryKey: orderKeys.afterSales(status), queryFn: () => listAfterSales(status) });

/**
 * POST /api/admin/after_sales/:id: accept (refund to the original method) or refuse. `refund`
 * (yuan) replaces the suggested amount; the server refuses more than the order can still refund.
 */
export const decideAfterSale = ({
  id,
  approve,
  note,
  refund,
}: {
  id: number;
  approve: boolean;
  note: string;
  refund?: number;
}) => http.post<AfterSaleView>(`/api/admin/after_sales/${id}`, { approve, note, refund });

export function useDecideAfterSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideAfterSale,
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
