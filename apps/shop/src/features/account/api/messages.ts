import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageCategory, MessagePage } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export interface MessageFilter {
  category?: MessageCategory;
  unread: boolean;
  page: number;
}
const key = (f: MessageFilter) => ['messages', f.category ?? 'all', f.unread, f.page] as const;

/** GET /api/user/messages */
export const myMessages = (f: MessageFilter) => {
  const query = new URLSearchParams({ page: String(f.page), unread: f.unread ? '1' : '0' });
  if (f.category) query.set('category', f.category);
  return http.get<MessagePage>(`/api/user/messages?${query}`);
};
export const useMyMessages = (f: MessageFilter) =>
  useQuery({ queryKey: key(f), queryFn: () => myMessages(f), placeholderData: keepPreviousData });

/** POST /api/user/messages/read: some ids, a category, or all. */
export const readMessages = (body: { ids?: number[]; category?: MessageCategory }) =>
  http.post<{ updated: number; unread: number }>('/api/user/messages/read', body);
export function useReadMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readMessages,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['messages'] }),
        // The side bar's badge (user/base message_count) follows at once.
        client.invalidateQueries({ queryKey: queryKeys.userBase }),
      ]),
  });
}
