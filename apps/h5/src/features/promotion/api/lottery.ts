import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export interface LotteryPrize {
  id: number;
  name: string;
  remarks: string;
  kind: string;
  kind_name: string;
}
export interface LotteryActivity {
  id: number;
  name: string;
  remarks: string;
  rule_text: string;
  points_cost: number;
  ends_at: number;
  prizes: LotteryPrize[];
  chances: number;
}
export interface DrawResult {
  draw_id: number;
  name: string;
  remarks: string;
  kind: string;
  chances: number;
}
export interface DrawRecord {
  id: number;
  lottery_name: string;
  name: string;
  remarks: string;
  kind: string;
  kind_name: string;
  status: string;
  status_name: string;
  order_id: number | null;
  created_at: number;
}

const nextPage = (last: { page: number; page_size: number; total: number }) =>
  last.page * last.page_size < last.total ? last.page + 1 : undefined;

/** GET /api/draw/simple then /api/draw/{id}/activity: the running lottery (null: none runs). */
export const useRunningLottery = () =>
  useQuery({
    queryKey: ['draw', 'running'],
    queryFn: async () => {
      const simple = await http.get<{ id: number; is_join: number } | null>('/api/draw/simple', {
        silent: true,
      });
      return simple ? http.get<LotteryActivity>(`/api/draw/${simple.id}/activity`) : null;
    },
  });

/** POST /api/draw: the server picks the prize; the chances, the records and the points read again. */
export function useDraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lotteryId: number) => http.post<DrawResult>('/api/draw', { id: lotteryId }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['draw'] });
      void client.invalidateQueries({ queryKey: queryKeys.userBase });
    },
  });
}

/** GET /api/draw/record page by page (我的奖品). */
export const useDrawRecords = () =>
  useInfiniteQuery({
    queryKey: ['draw', 'record'],
    queryFn: ({ pageParam }) =>
      http.get<Page<DrawRecord>>('/api/draw/record', { params: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
