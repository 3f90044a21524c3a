import { useQuery } from '@tanstack/react-query';
import type { HelpArticle } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** Silent: the page shows its own empty state for a missing article. */
export const fetchHelpArticle = (path: string, id?: string | null) =>
  http.get<HelpArticle>('/api/article/help', { params: { path, id: id || undefined }, silent: true });

export const helpArticleKey = (path: string, id?: string | null) =>
  ['article', 'help', path, id ?? null] as const;

export function useHelpArticle(path: string, id?: string | null) {
  return useQuery({ queryKey: helpArticleKey(path, id), queryFn: () => fetchHelpArticle(path, id) });
}
