import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export interface WechatTicket {
  ticket: string;
  /** qr mode (the sandbox): what the QR code shows, the provider's page for the phone. */
  qr_content: string;
  /** redirect mode (WeChat's website login): where this tab goes to scan. */
  authorize_url: string;
  mode: 'qr' | 'redirect';
  expires_in: number;
}
export type TicketState = 'waiting' | 'bound' | 'logged_in' | 'unbound' | 'registering' | 'expired';

/** POST /api/wechat/ticket */
export const useWechatTicket = () =>
  useMutation({
    mutationFn: (body: { purpose: 'bind' | 'login' | 'register'; return_to: string }) =>
      http.post<WechatTicket>('/api/wechat/ticket', body, { silent: true }),
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
