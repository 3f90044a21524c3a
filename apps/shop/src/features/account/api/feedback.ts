import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackBody, FeedbackView } from '@yaocai/domain';
import { http } from '../../../lib/http';

interface FeedbackPage {
  list: FeedbackView[];
  total: number;
  page: number;
  page_size: number;
}
const key = (page: number) => ['feedback', page] as const;

/** GET /api/user/feedback */
export const myFeedback = (page: number) => http.get<FeedbackPage>(`/api/user/feedback?page=${page}`);
export const useMyFeedback = (page: number) =>
  useQuery({ queryKey: key(page), queryFn: () => myFeedback(page) });

/** POST /api/user/feedback */
export const sendFeedback = (body: FeedbackBody) => http.post<FeedbackView>('/api/user/feedback', body);
export function useSendFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => client.invalidateQueries({ queryKey: ['feedback'] }),
  });
}
