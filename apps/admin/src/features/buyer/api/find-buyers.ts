import { useQuery } from '@tanstack/react-query';
import type { BuyerLookupItem } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const buyerKeys = {
  all: ['admin-buyer'] as const,
  find: (k: string) => ['admin-buyer', 'find', k] as const,
};

/** GET /api/admin/buyers?keyword=: stores by phone, store or company name, with their credit. */
export const findBuyers = (keyword: string) =>
  http.get<BuyerLookupItem[]>(`/api/admin/buyers?keyword=${encodeURIComponent(keyword)}`);

export const useFindBuyers = (keyword: string) =>
  useQuery({
    queryKey: buyerKeys.find(keyword),
    queryFn: () => findBuyers(keyword),
    enabled: keyword.length > 0,
  });
