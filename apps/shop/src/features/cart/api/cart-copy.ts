import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const copyCartLines = ({ ids, storeIds }: { ids: number[]; storeIds: number[] }) =>
  http.post<{ copied: number; stores: number }>('/api/cart/copy', { ids, other_user_ids: storeIds });

/** POST /api/cart/copy (ids, other_user_ids): to other stores of the same company. */
export function useCopyCartLines() {
  return useMutation({ mutationFn: copyCartLines });
}
