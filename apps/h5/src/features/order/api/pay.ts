import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BalancePayment,
  CreditCheckView,
  CreditPayment,
  OnlinePaymentView,
  PaymentChannelsView,
  PaymentStatusView,
  TransferView,
  WalletBalance,
} from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export const useWalletBalance = () =>
  useQuery({
    queryKey: [...queryKeys.wallet, 'balance'],
    queryFn: () => http.get<WalletBalance>('/api/user/user_money'),
  });

export const usePaymentChannels = () =>
  useQuery({
    queryKey: ['pay', 'channels'],
    queryFn: () => http.get<PaymentChannelsView>('/api/pay/channels'),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCreditCheck = (orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['pay', 'credit-check', orderId],
    queryFn: () =>
      http.post<CreditCheckView>('/api/pay/user_credit_check', { order_id: orderId }, { silent: true }),
    enabled,
  });

/** 余额 or 信用 payment; the order and the wallet read again after. */
export function usePay(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (method: 'balance' | 'credit'): Promise<BalancePayment | CreditPayment> =>
      method === 'balance'
        ? http.post<BalancePayment>('/api/pay/balance', { order_id: orderId })
        : http.post<CreditPayment>('/api/pay/user_credit_create', { order_id: orderId }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.orders });
      void client.invalidateQueries({ queryKey: queryKeys.wallet });
    },
  });
}

/** POST /api/pay/transfer: 对公转账 gives the order its 汇款识别码 and the receiving account. */
export const useTransfer = (orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['pay', 'transfer', orderId],
    queryFn: () => http.post<TransferView>('/api/pay/transfer', { order_id: orderId }),
    enabled,
    staleTime: 30_000,
  });

/** POST /api/pay/online: opens (or reopens) the order's trade at the channel; its QR content back. */
export const useOnlineTrade = (orderId: number, provider: string | null) =>
  useQuery({
    queryKey: ['pay', 'online', orderId, provider],
    queryFn: () => http.post<OnlinePaymentView>('/api/pay/online', { order_id: orderId, provider }),
    enabled: provider !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** GET /api/pay/status/{id} every 2 s while a trade is open: paid refreshes the order and wallet. */
export function usePaymentStatus(orderId: number, enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['pay', 'status', orderId],
    queryFn: async () => {
      const status = await http.get<PaymentStatusView>(`/api/pay/status/${orderId}`, { silent: true });
      if (status.paid) {
        void client.invalidateQueries({ queryKey: queryKeys.orders });
        void client.invalidateQueries({ queryKey: queryKeys.wallet });
      }
      return status;
    },
    enabled,
    refetchInterval: (query) => (query.state.data?.paid ? false : 2000),
  });
}
