import { useQuery } from '@tanstack/react-query';
import type { BrandPageData } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const brandPageKey = (id: number) => ['focus', 'brand', id] as const;

/** The brand alone: its goods are listed through goods/list with the page's filters. */
export const fetchBrandPage = (id: number, signal?: AbortSignal) =>
  http.get<BrandPageData>(`/api/focus/brand/${id}`, { params: { page_size: 1 }, signal });

/** GET /api/focus/brand/{id}: the brand page's brand (logo, manufacturer, story). */
export function useBrandPage(id: number) {
  return useQuery({
    queryKey: brandPageKey(id),
    queryFn: ({ signal }) => fetchBrandPage(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}
