import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageCategory, MessagePage } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

const messagesKey = ['messages'] as const;

/** GET /api/user/messages of one category (all when undefined), 50 newest. */
export const useMessages = (category?: MessageCategory) =>
  useQuery({
    queryKey: [...messagesKey, category ?? 'all'],
    queryFn: ({ signal }) =>
      http.get<MessagePage>('/api/user/messages', { params: { category, page: 1, page_size: 50 }, signal }),
    placeholderData: keepPreviousData,
  });

/** POST /api/user/messages/read: these ids, or all unread (of a category) without ids. */
export function useReadMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids?: number[]; category?: MessageCategory }) =>
      http.post<{ updated: number; unread: number }>('/api/user/messages/read', body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: messagesKey }),
        // 我的's badge (user/base message_count) follows at once.
        client.invalidateQueries({ queryKey: queryKeys.userBase }),
      ]),
  });
}
