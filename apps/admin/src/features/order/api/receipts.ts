import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingReceipt } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { orderKeys } from './keys';

/** GET /api/admin/receipts: ephedrine receipts waiting for review. */
export const listReceipts = () => http.get<PendingReceipt[]>('/api/admin/receipts');
export const useReceipts = () => useQuery({ queryKey: orderKeys.receipts(), queryFn: listReceipts });

/** POST /api/admin/orders/:id/receipt */
export const reviewReceipt = ({ id, approve, note }: { id: number; approve: boolean; note: string }) =>
  http.post<null>(`/api/admin/orders/${id}/receipt`, { approve, note });

export function useReviewReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reviewReceipt,
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
