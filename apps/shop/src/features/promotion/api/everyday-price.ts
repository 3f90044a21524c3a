import { useQuery } from '@tanstack/react-query';
import type { EverydayPriceData } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const everydayPriceKey = ['activity', 'everyday_price'] as const;

/** GET /api/activity/everyday_price: today's daily specials and the day's end. */
export const useEverydayPrice = () =>
  useQuery({
    queryKey: everydayPriceKey,
    queryFn: ({ signal }) => http.get<EverydayPriceData>('/api/activity/everyday_price', { signal }),
  });
