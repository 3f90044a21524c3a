import { useQuery } from '@tanstack/react-query';
import type { ActivityPageView } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const activityPageKey = (id: number) => ['activity-pages', id] as const;

/** Silent: a page buyers may not know of (404) sends them to /noActivity, not an alert. */
export const fetchActivityPage = (id: number, signal?: AbortSignal) =>
  http.get<ActivityPageView>(`/api/activity-pages/${id}`, { signal, silent: true });

/** GET /api/activity-pages/{id}: the page's sections when running, its notice otherwise. */
export function useActivityPage(id: number) {
  return useQuery({
    queryKey: activityPageKey(id),
    queryFn: ({ signal }) => fetchActivityPage(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}
