import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WelfareData } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** GET /api/activity/welfare: the running welfare discount and a page of its goods. */
export const useWelfare = (page: number) =>
  useQuery({
    queryKey: ['activity', 'welfare', page],
    queryFn: ({ signal }) =>
      http.get<WelfareData>(`/api/activity/welfare?page=${page}&page_size=20`, { signal }),
    placeholderData: keepPreviousData,
  });
