import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RewardView } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export interface PointsEntry {
  id: number;
  change: number;
  balance_after: number;
  reason: string;
  order_id: number | null;
  created_at: number;
}
export interface PointsHistory {
  list: PointsEntry[];
  total: number;
  page: number;
  page_size: number;
  balance: number;
  earn_per_yuan: number;
  points_per_yuan: number;
  expire_on: string;
}
export interface Redemption {
  id: number;
  reward_name: string;
  kind: string;
  points: number;
  order_id: number | null;
  created_at: number;
}
interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

/** GET /api/user/points */
export const usePointsHistory = (page: number) =>
  useQuery({
    queryKey: ['points', 'history', page],
    queryFn: () => http.get<PointsHistory>(`/api/user/points?page=${page}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/jfsc/rewards */
export const useRewards = () =>
  useQuery({ queryKey: ['points', 'rewards'], queryFn: () => http.get<RewardView[]>('/api/jfsc/rewards') });

/** GET /api/jfsc/redemptions */
export const useRedemptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['points', 'redemptions'],
    queryFn: () => http.get<Page<Redemption>>('/api/jfsc/redemptions?page_size=20'),
    enabled,
  });

/** POST /api/jfsc/redeem */
export function useRedeem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rewardId: number) => http.post<Redemption>('/api/jfsc/redeem', { reward_id: rewardId }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['points'] });
      client.invalidateQueries({ queryKey: queryKeys.userBase });
    },
  });
}
