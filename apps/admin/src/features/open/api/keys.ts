import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpenKeyCreateBody, OpenKeyCreated, OpenKeyView } from '@yaocai/domain';
import { http } from '../../../lib/http';

const key = ['admin-open-keys'] as const;

/** GET /api/admin/open/keys: every key (never its secret), newest first. */
export const useOpenKeys = () =>
  useQuery({ queryKey: key, queryFn: () => http.get<OpenKeyView[]>('/api/admin/open/keys') });

/** POST /api/admin/open/keys: the answer holds the key, shown this once. */
export function useCreateOpenKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenKeyCreateBody) => http.post<OpenKeyCreated>('/api/admin/open/keys', body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** DELETE /api/admin/open/keys/{id}: its next call is refused. */
export function useRevokeOpenKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<OpenKeyView>(`/api/admin/open/keys/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
