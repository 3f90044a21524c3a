import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReconciliationList, ReconciliationRunView } from '@yaocai/domain';
import { http } from '../../../lib/http';

const key = ['admin-reconciliations'] as const;

/** GET /api/admin/finance/reconciliations */
export const useReconciliations = () =>
  useQuery({
    queryKey: key,
    queryFn: () => http.get<ReconciliationList>('/api/admin/finance/reconciliations'),
  });

/** POST /api/admin/finance/reconciliations */
export function useReconcile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { channel: string; date: string }) =>
      http.post<ReconciliationRunView>('/api/admin/finance/reconciliations', body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
