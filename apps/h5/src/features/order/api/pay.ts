import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BalancePayment,
  CreditCheckView,
  CreditPayment,
  PaymentChannelsView,
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
