import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSpikeSale } from '@yaocai/domain';
import { http } from '../../../lib/http';

const key = ['admin-spike'] as const;

/** GET /api/admin/spike: flash sales with their slots, goods and sales. */
export const useSpikeSales = () =>
  useQuery({ queryKey: key, queryFn: () => http.get<AdminSpikeSale[]>('/api/admin/spike') });

/** Any POST under /api/admin/spike (create, rename, status, slots, goods); refreshes the list. */
export function useSpikeWrite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ url, body = {} }: { url: string; body?: object }) =>
      http.post<{ id: number }>(`/api/admin/spike${url}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
