import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface SimpleLottery {
  id: number;
  is_join: number;
}
export interface DrawResult {
  draw_id: number;
  name: string;
  remarks: string;
  kind: string;
  chances: number;
}
export interface LotteryActivity {
  id: number;
  name: string;
  remarks: string;
  rule_text: string;
  prizes: { id: number; name: string; remarks: string; kind: string; kind_name: string }[];
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

export const lotteryKeys = {
  simple: ['draw', 'simple'] as const,
  activity: (id: number) => ['draw', 'activity', id] as const,
  records: (page: number) => ['draw', 'record', page] as const,
};

/** GET /api/draw/simple: the banner shows only when is_join is 0. */
export const useSimpleLottery = (enabled: boolean) =>
  useQuery({
    queryKey: lotteryKeys.simple,
    queryFn: () => http.get<SimpleLottery | null>('/api/draw/simple', { silent: true }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });

/** GET /api/draw/{id}/activity */
export const useLotteryActivity = (id: number | undefined) =>
  useQuery({
    queryKey: lotteryKeys.activity(id ?? 0),
    queryFn: () => http.get<LotteryActivity>(`/api/draw/${id}/activity`, { silent: true }),
    enabled: !!id,
  });

/** POST /api/draw: the server draws. */
export const drawOnce = (id: number) => http.post<DrawResult>('/api/draw', { id });

/** GET /api/draw/record */
export const useDrawRecords = (page: number) =>
  useQuery({
    queryKey: lotteryKeys.records(page),
    queryFn: () =>
      http.get<{ list: DrawRecord[]; total: number; page: number; page_size: number }>(
        `/api/draw/record?page=${page}`,
      ),
    placeholderData: keepPreviousData,
  });
