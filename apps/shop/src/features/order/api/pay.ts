import { useQuery } from '@tanstack/react-query';
import type { OnlinePaymentView, PaymentStatusView } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const payByBalance = (orderId: number) =>
  http.post<{ id: number; paid: number; balance: number }>('/api/pay/balance', { order_id: orderId });

export const payByCredit = (orderId: number) =>
  http.post<{ id: number; paid: number; due_at: number }>('/api/pay/user_credit_create', {
    order_id: orderId,
  });

export interface CreditCheck {
  amount: number;
  credit_limit: number;
  credit_used: number;
  credit_available: number;
  enough: boolean;
  term_days: number;
  due_at: number;
}

export const useCreditCheck = (orderId: number) =>
  useQuery({
    queryKey: ['pay', 'credit-check', orderId],
    queryFn: () => http.post<CreditCheck>('/api/pay/user_credit_check', { order_id: orderId }),
  });

export const startOnline = (orderId: number) =>
  http.post<OnlinePaymentView>('/api/pay/online', { order_id: orderId, provider: 'sandbox' });

/** Polls the payment status every 2 s while `enabled`. */
export const usePaymentStatus = (orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['pay', 'status', orderId],
    queryFn: () => http.get<PaymentStatusView>(`/api/pay/status/${orderId}`),
    enabled,
    refetchInterval: 2000,
  });

/** Wallet balance shown on the pay page (same key as the wallet pages, so both refresh). */
export const useBalance = () =>
  useQuery({
    queryKey: ['wallet', 'money'],
    queryFn: () => http.get<{ user_money: number }>('/api/user/user_money'),
  });
