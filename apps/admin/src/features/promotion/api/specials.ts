import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCashBackView,
  AdminDailySpecialView,
  AdminWelfareView,
  CoverageOptions,
  SpecialKind,
  SpecialPreview,
} from '@yaocai/domain';
import { http } from '../../../lib/http';

// The console's 每日特价, 福利折扣 and 满额返现: one list, one save and the status move per kind.

interface Views {
  daily_special: AdminDailySpecialView;
  welfare: AdminWelfareView;
  cash_back: AdminCashBackView;
}
const key = (kind: SpecialKind) => ['admin-specials', kind] as const;

/** GET /api/admin/promotion/:kind */
export const useSpecials = <K extends SpecialKind>(kind: K) =>
  useQuery({ queryKey: key(kind), queryFn: () => http.get<Views[K][]>(`/api/admin/promotion/${kind}`) });

/** POST /api/admin/promotion/:kind(/:id) */
export function useSaveSpecial<K extends SpecialKind>(kind: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: object }) =>
      http.post<Views[K]>(id ? `/api/admin/promotion/${kind}/${id}` : `/api/admin/promotion/${kind}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: key(kind) }),
  });
}

/** POST /api/admin/promotion/:kind/:id/status */
export function useSpecialStatus(kind: SpecialKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'pause' | 'resume' | 'end' }) =>
      http.post<{ id: number; status: string }>(`/api/admin/promotion/${kind}/${id}/status`, { action }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(kind) }),
  });
}

/** GET /api/admin/promotion/coverage_options */
export const useCoverageOptions = () =>
  useQuery({
    queryKey: ['admin-specials', 'coverage-options'],
    queryFn: () => http.get<CoverageOptions>('/api/admin/promotion/coverage_options'),
    staleTime: 60_000,
  });

/** GET /api/admin/promotion/preview?phone= (only once a phone is given) */
export const useSpecialPreview = (phone: string) =>
  useQuery({
    queryKey: ['admin-specials', 'preview', phone],
    queryFn: () =>
      http.get<SpecialPreview>(`/api/admin/promotion/preview?phone=${encodeURIComponent(phone)}`),
    enabled: phone !== '',
  });
