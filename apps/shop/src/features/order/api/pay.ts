import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BalancePayment,
  CreditCheckView,
  CreditPayment,
  OnlinePaymentView,
  PaymentChannelsView,
  PaymentStatusView,
} from '@yaocai/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { http } from '../../../lib/http';
import { markWalletChanged } from '../../../lib/wallet';
import { orderKeys } from './orders';

export const payByBalance = (orderId: number) =>
  http.post<BalancePayment>('/api/pay/balance', { order_id: orderId });

export const payByCredit = (orderId: number) =>
  http.post<CreditPayment>('/api/pay/user_credit_create', {
    order_id: orderId,
  });

/** The credit terms for paying the order; `enabled` once the order is known to await payment. */
export const useCreditCheck = (orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['pay', 'credit-check', orderId],
    queryFn: () => http.post<CreditCheckView>('/api/pay/user_credit_check', { order_id: orderId }),
    enabled,
  });

export const startOnline = (orderId: number, provider: string) =>
  http.post<OnlinePaymentView>('/api/pay/online', { order_id: orderId, provider });

/** The channels open besides balance and credit (the server's configuration). */
export const usePaymentChannels = () =>
  useQuery({
    queryKey: ['pay', 'channels'],
    queryFn: () => http.get<PaymentChannelsView>('/api/pay/channels'),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Polls the payment status every 2 s while `enabled`. */
export const usePaymentStatus = (orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['pay', 'status', orderId],
    queryFn: () => http.get<PaymentStatusView>(`/api/pay/status/${orderId}`),
    enabled,
    refetchInterval: 2000,
  });

/**
 * What every payment method does once the order is paid: the order, the order lists and the
 * wallet figures (balance, credit, bills) have changed, so they are refetched, and the buyer
 * goes to step 4, which then shows the paid order rather than the unpaid one step 3 had read.
 */
export function usePaymentDone(orderId: number) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: orderKeys.all });
    markWalletChanged(client);
    navigate(`/cart/step4?id=${orderId}`);
  }, [client, navigate, orderId]);
}
