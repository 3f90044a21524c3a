import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminFeedbackView, FeedbackView } from '@yaocai/domain';
import qs from 'qs';
import { http } from '../../../lib/http';

export interface FeedbackQuery {
  status?: 'pending' | 'replied';
  page: number;
  page_size: number;
}
interface FeedbackInbox {
  list: AdminFeedbackView[];
  total: number;
  page: number;
  page_size: number;
}

/** GET /api/admin/feedback */
export const listFeedback = (q: FeedbackQuery) =>
  http.get<FeedbackInbox>(`/api/admin/feedback?${qs.stringify(q, { skipNulls: true })}`);
export const useFeedbackInbox = (q: FeedbackQuery) =>
  useQuery({
    queryKey: ['admin-feedback', q],
    queryFn: () => listFeedback(q),
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/feedback/:id/reply */
export const replyFeedback = ({ id, reply }: { id: number; reply: string }) =>
  http.post<FeedbackView>(`/api/admin/feedback/${id}/reply`, { reply });
export function useReplyFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: replyFeedback,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-feedback'] }),
  });
}
