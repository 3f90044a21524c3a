import { useQuery } from '@tanstack/react-query';
import type { BrandStory } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const brandStoryKey = (id: number) => ['focus', 'brand', id] as const;

export const fetchBrandStory = (id: number, signal?: AbortSignal) =>
  http.get<BrandStory>(`/api/focus/brand/${id}`, { signal });

/** GET /api/focus/brand/{id}: the brand page's banner and story. */
export function useBrandStory(id: number) {
  return useQuery({
    queryKey: brandStoryKey(id),
    queryFn: ({ signal }) => fetchBrandStory(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}
