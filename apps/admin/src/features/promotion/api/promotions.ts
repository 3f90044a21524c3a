import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPromotionView, PromotionKindView } from '@yaocai/domain';
import { http } from '../../../lib/http';

// Promotions stored in the one shape (the rule registry's plain-data kinds, 第二件半价 ...):
// the kinds with their editor fields, the list, save and pause/resume/end.

/** GET /api/admin/promotion-kinds */
export const usePromotionKinds = () =>
  useQuery({
    queryKey: ['admin-promotion-kinds'],
    queryFn: () => http.get<PromotionKindView[]>('/api/admin/promotion-kinds'),
    staleTime: 5 * 60_000,
  });

/** GET /api/admin/promotions */
export const usePromotions = () =>
  useQuery({
    queryKey: ['admin-promotions'],
    queryFn: () => http.get<AdminPromotionView[]>('/api/admin/promotions'),
  });

/** POST /api/admin/promotions(/:id) */
export function useSavePromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: object }) =>
      http.post<AdminPromotionView>(id ? `/api/admin/promotions/${id}` : '/api/admin/promotions', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-promotions'] }),
  });
}

/** POST /api/admin/promotions/:id/state */
export function usePromotionState() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'pause' | 'resume' | 'end' }) =>
      http.post<AdminPromotionView>(`/api/admin/promotions/${id}/state`, { action }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-promotions'] }),
  });
}
