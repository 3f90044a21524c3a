import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BrandWall } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const brandWallKey = (page: number, pageSize: number) => ['focus', 'ppzq', page, pageSize] as const;

export const fetchBrandWall = (page: number, pageSize: number, signal?: AbortSignal) =>
  http.get<BrandWall>('/api/focus/ppzq', { params: { page, page_size: pageSize }, signal });

/** GET /api/focus/ppzq: the brand wall, paged. */
export function useBrandWall(page: number, pageSize = 24) {
  return useQuery({
    queryKey: brandWallKey(page, pageSize),
    queryFn: ({ signal }) => fetchBrandWall(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}
