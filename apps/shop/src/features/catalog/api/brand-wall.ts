import { useQuery } from '@tanstack/react-query';
import type { BrandWallItem } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const brandWallKey = ['focus', 'ppzq'] as const;

export const fetchBrandWall = (signal?: AbortSignal) =>
  http.get<BrandWallItem[]>('/api/focus/ppzq', { signal });

/** GET /api/focus/ppzq: every brand of the wall (a few dozen; the pages slice it). */
export function useBrandWall() {
  return useQuery({
    queryKey: brandWallKey,
    queryFn: ({ signal }) => fetchBrandWall(signal),
    staleTime: 5 * 60_000,
  });
}
