import { useQuery } from '@tanstack/react-query';
import type { ActivityPageSummary, ActivityPageTemplate } from '@yaocai/domain';
import { http } from '../../../lib/http';

type ListQuery = { template: ActivityPageTemplate } | { ids: string };

/**
 * GET /api/activity-pages: running pages of a template (/yjh), or the pages of an id list (/Hdzx).
 * Silent: an id list from a link that is not one (422) sends the buyer to /noActivity instead.
 */
export function useActivityPages(query: ListQuery) {
  return useQuery({
    queryKey: ['activity-pages', 'list', query],
    queryFn: ({ signal }) =>
      http.get<ActivityPageSummary[]>('/api/activity-pages', {
        params: query,
        signal,
        silent: 'ids' in query,
      }),
  });
}
