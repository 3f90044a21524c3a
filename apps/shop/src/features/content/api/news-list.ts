import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NewsListData, NewsType } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const fetchNewsList = (type: NewsType, page: number) =>
  http.get<NewsListData>('/api/news', { params: { type, page }, silent: true });

export const newsListKey = (type: NewsType, page: number) => ['news', 'list', type, page] as const;

export function useNewsList(type: NewsType, page: number) {
  return useQuery({
    queryKey: newsListKey(type, page),
    queryFn: () => fetchNewsList(type, page),
    placeholderData: keepPreviousData,
  });
}
