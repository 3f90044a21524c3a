import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { orderKeys } from './keys';

/** POST /api/admin/orders/:id/tracking: one more tracking event of a shipped order. */
export const addTracking = ({ id, description }: { id: number; description: string }) =>
  http.post<null>(`/api/admin/orders/${id}/tracking`, { description });

export function useAddTracking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addTracking,
    onSuccess: (_, { id }) => client.invalidateQueries({ queryKey: orderKeys.detail(id) }),
  });
}
