import { useQuery } from '@tanstack/react-query';
import type { AdItem } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const focusKey = (path: string) => ['focus', path] as const;

/** A banner call of the focus family (`/api/focus?position=home_banner`, `/api/focus/yx`...). */
export const fetchFocus = async (path: string, signal?: AbortSignal): Promise<AdItem[]> => {
  const data = await http.get<unknown>(path, { signal, silent: true });
  if (Array.isArray(data)) return data as AdItem[];
  const list = (data as { list?: AdItem[] } | null)?.list;
  return Array.isArray(list) ? list : [];
};

/** Banners are decoration: a failing call leaves the slot with its default look. */
export function useFocusBanners(path: string) {
  return useQuery({
    queryKey: focusKey(path),
    queryFn: ({ signal }) => fetchFocus(path, signal),
    staleTime: 5 * 60_000,
  });
}
