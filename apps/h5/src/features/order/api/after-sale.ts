import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AfterSaleView, UploadedFile } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export interface AfterSaleBody {
  kind: 'return' | 'after_sale';
  reason: string;
  lines: { line_id: number; quantity: number }[];
  photo_ids: number[];
}

/** POST /api/order/{id}/after_sale: a return or another after-sales request on some lines. */
export function useRequestAfterSale(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AfterSaleBody) =>
      http.post<AfterSaleView>(`/api/order/${orderId}/after_sale`, body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}

/** GET /api/order/after_sale/{id}: one request with its progress. */
export const useAfterSale = (id: number) =>
  useQuery({
    queryKey: [...queryKeys.orders, 'after-sale', id],
    queryFn: () => http.get<AfterSaleView>(`/api/order/after_sale/${id}`),
    enabled: id > 0,
  });

/** POST /api/upload as the logged-in store: a proof photo. */
export function uploadPhoto(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.upload<UploadedFile>('/api/upload', form, { silent: true });
}
