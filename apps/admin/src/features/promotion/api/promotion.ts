import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminLotteryView, AdminManjianView } from '@yaocai/domain';
import qs from 'qs';
import { http } from '../../../lib/http';

export interface PromotionOptions {
  coupons: { id: number; name: string }[];
  goods: { id: number; name: string; spec: string }[];
}
export interface AdminDraw {
  id: number;
  lottery_name: string;
  name: string;
  remarks: string;
  kind: string;
  kind_name: string;
  status: string;
  status_name: string;
  created_at: number;
  store_name: string;
  phone: string;
}
export interface AdminReward {
  id: number;
  kind: 'goods' | 'coupon';
  name: string;
  description: string;
  image: string | null;
  points: number;
  stock: number;
  per_store_limit: number;
  goods_id: number | null;
  coupon_id: number | null;
  starts_on: string;
  ends_on: string;
  is_active: boolean;
  redemptions: number;
}
export interface AdminRedemption {
  id: number;
  reward_name: string;
  kind: string;
  points: number;
  order_id: number | null;
  created_at: number;
  store_name: string;
  phone: string;
}
interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

/** GET /api/admin/promotion-options */
export const usePromotionOptions = (q: string) =>
  useQuery({
    queryKey: ['admin-promotion-options', q],
    queryFn: () => http.get<PromotionOptions>(`/api/admin/promotion-options?${qs.stringify({ q })}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/lotteries */
export const useLotteries = () =>
  useQuery({
    queryKey: ['admin-lotteries'],
    queryFn: () => http.get<AdminLotteryView[]>('/api/admin/lotteries'),
  });
/** POST /api/admin/lotteries(/:id) */
export function useSaveLottery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: object }) =>
      http.post<AdminLotteryView>(id ? `/api/admin/lotteries/${id}` : '/api/admin/lotteries', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-lotteries'] }),
  });
}
/** GET /api/admin/lotteries/:id/draws */
export const useLotteryDraws = (id: number | null, q: { winners?: '1'; status?: string; page: number }) =>
  useQuery({
    queryKey: ['admin-lotteries', 'draws', id, q],
    queryFn: () => http.get<Page<AdminDraw>>(`/api/admin/lotteries/${id}/draws?${qs.stringify(q)}`),
    enabled: !!id,
    placeholderData: keepPreviousData,
  });
/** POST /api/admin/lottery-draws/:id/ship */
export function useShipPrize() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<{ id: number }>(`/api/admin/lottery-draws/${id}/ship`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-lotteries'] }),
  });
}

/** GET /api/admin/rewards */
export const useRewards = () =>
  useQuery({ queryKey: ['admin-rewards'], queryFn: () => http.get<AdminReward[]>('/api/admin/rewards') });
/** POST /api/admin/rewards(/:id) */
export function useSaveReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: object }) =>
      http.post<AdminReward>(id ? `/api/admin/rewards/${id}` : '/api/admin/rewards', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-rewards'] }),
  });
}
/** GET /api/admin/redemptions */
export const useAdminRedemptions = (page: number) =>
  useQuery({
    queryKey: ['admin-rewards', 'redemptions', page],
    queryFn: () => http.get<Page<AdminRedemption>>(`/api/admin/redemptions?page=${page}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/manjian */
export const useManjian = () =>
  useQuery({
    queryKey: ['admin-manjian'],
    queryFn: () => http.get<AdminManjianView[]>('/api/admin/manjian'),
  });
/** POST /api/admin/manjian(/:id) */
export function useSaveManjian() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: object }) =>
      http.post<AdminManjianView>(id ? `/api/admin/manjian/${id}` : '/api/admin/manjian', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-manjian'] }),
  });
}
/** POST /api/admin/manjian/:id/state */
export function useManjianState() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'pause' | 'resume' | 'end' }) =>
      http.post<AdminManjianView>(`/api/admin/manjian/${id}/state`, { action }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-manjian'] }),
  });
}
