import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, RewardView } from '@yaocai/domain';
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
export interface PointsHistory extends Page<PointsEntry> {
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

const nextPage = (last: { page: number; page_size: number; total: number }) =>
  last.page * last.page_size < last.total ? last.page + 1 : undefined;

/** GET /api/user/points page by page: the balance and the ledger. */
export const usePointsHistory = () =>
  useInfiniteQuery({
    queryKey: ['points', 'history'],
    queryFn: ({ pageParam }) =>
      http.get<PointsHistory>('/api/user/points', { params: { page: pageParam, page_size: 20 } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

/** GET /api/jfsc/rewards */
export const useRewards = () =>
  useQuery({ queryKey: ['points', 'rewards'], queryFn: () => http.get<RewardView[]>('/api/jfsc/rewards') });

/** GET /api/jfsc/redemptions (the latest 20). */
export const useRedemptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['points', 'redemptions'],
    queryFn: () => http.get<Page<Redemption>>('/api/jfsc/redemptions', { params: { page_size: 20 } }),
    enabled,
  });

/** POST /api/jfsc/redeem: the rewards, the ledger and the balance in the user state read again. */
export function useRedeem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rewardId: number) => http.post<Redemption>('/api/jfsc/redeem', { reward_id: rewardId }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['points'] });
      void client.invalidateQueries({ queryKey: queryKeys.userBase });
      void client.invalidateQueries({ queryKey: queryKeys.wallet });
    },
  });
}
