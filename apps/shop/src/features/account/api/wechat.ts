import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export interface WechatTicket {
  ticket: string;
  qr_content: string;
  expires_in: number;
}
export type TicketState = 'waiting' | 'bound' | 'logged_in' | 'unbound' | 'registering' | 'expired';

/** POST /api/wechat/ticket */
export const useWechatTicket = () =>
  useMutation({
    mutationFn: (purpose: 'bind' | 'login' | 'register') =>
      http.post<WechatTicket>('/api/wechat/ticket', { purpose }, { silent: true }),
  });

/** GET /api/wechat/ticket/{ticket} every two seconds while it waits. */
export const useTicketState = (ticket: string | undefined) =>
  useQuery({
    queryKey: ['wechat-ticket', ticket],
    queryFn: () => http.get<{ state: TicketState }>(`/api/wechat/ticket/${ticket}`, { silent: true }),
    enabled: !!ticket,
    refetchInterval: (q) => (q.state.data?.state === 'waiting' || !q.state.data ? 2000 : false),
    // The sandbox's scan page opens in another tab: this one keeps polling while hidden.
    refetchIntervalInBackground: true,
    retry: false,
  });

/** DELETE /api/user/unbind_wechat */
export function useUnbindWechat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete<null>('/api/user/unbind_wechat'),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.userBase }),
  });
}
