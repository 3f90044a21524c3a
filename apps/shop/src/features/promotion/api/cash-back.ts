import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CashBackData } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** GET /api/activity/cash_back: the running 满返 activity, the store's cash-back, its goods. */
export const useCashBack = (page: number) =>
  useQuery({
    queryKey: ['activity', 'cash_back', page],
    queryFn: ({ signal }) =>
      http.get<CashBackData>(`/api/activity/cash_back?page=${page}&page_size=20`, { signal }),
    placeholderData: keepPreviousData,
  });
