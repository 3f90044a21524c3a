import { useMutation } from '@tanstack/react-query';
import type { CartCopyResult } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const copyCartLines = ({ ids, storeIds }: { ids: number[]; storeIds: number[] }) =>
  http.post<CartCopyResult>('/api/cart/copy', { ids, other_user_ids: storeIds });

/** POST /api/cart/copy (ids, other_user_ids): to other stores of the same company. */
export function useCopyCartLines() {
  return useMutation({ mutationFn: copyCartLines });
}
