import { useQuery } from '@tanstack/react-query';
import type { NewsArticle } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const fetchNewsArticle = (id: string) =>
  http.get<NewsArticle>(`/api/news/${encodeURIComponent(id)}`, { silent: true });

export function useNewsArticle(id: string) {
  return useQuery({ queryKey: ['news', 'info', id] as const, queryFn: () => fetchNewsArticle(id) });
}
