import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCouponClaimView, AdminCouponView, CouponAction, GoodsEditorOptions } from '@yaocai/domain';
import { http } from '../../../lib/http';

interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

/** GET /api/admin/coupons */
export const useAdminCoupons = () =>
  useQuery({ queryKey: ['admin-coupons'], queryFn: () => http.get<AdminCouponView[]>('/api/admin/coupons') });

/** POST /api/admin/coupons(/:id) */
export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: object }) =>
      http.post<AdminCouponView>(id ? `/api/admin/coupons/${id}` : '/api/admin/coupons', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-coupons'] }),
  });
}

/** POST /api/admin/coupons/:id/status */
export function useCouponAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: CouponAction }) =>
      http.post<AdminCouponView>(`/api/admin/coupons/${id}/status`, { action }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-coupons'] }),
  });
}

/** GET /api/admin/coupons/:id/claims */
export const useCouponClaims = (id: number | null, page: number) =>
  useQuery({
    queryKey: ['admin-coupons', 'claims', id, page],
    queryFn: () => http.get<Page<AdminCouponClaimView>>(`/api/admin/coupons/${id}/claims?page=${page}`),
    enabled: !!id,
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/goods/options: categories and brands for the scope picker. */
export const useScopeOptions = () =>
  useQuery({
    queryKey: ['admin-coupons', 'scope-options'],
    queryFn: () => http.get<GoodsEditorOptions>('/api/admin/goods/options'),
    staleTime: 60_000,
  });
