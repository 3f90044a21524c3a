import { useQuery } from '@tanstack/react-query';
import type { HeaderCommonData } from '@yaocai/domain';
import { http } from '../http';
import { queryKeys } from '../query-keys';

export const fetchHeaderCommon = (signal?: AbortSignal) =>
  http.get<HeaderCommonData>('/api/focus/common', { signal, silent: true });

/**
 * GET /api/focus/common, shared with the header (same query key, fetched once): the list filters
 * take their categories and brands from it.
 */
export function useCatalogMenus() {
  return useQuery({
    queryKey: queryKeys.headerCommon,
    queryFn: ({ signal }) => fetchHeaderCommon(signal),
    staleTime: 5 * 60_000,
  });
}
