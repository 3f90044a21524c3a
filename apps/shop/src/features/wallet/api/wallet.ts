import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CouponView,
  CreditBillView,
  CreditRepayment,
  CreditSummaryView,
  MoneyLogView,
  Page,
} from '@yaocai/domain';
import { http } from '../../../lib/http';
import { walletKeys } from '../../../lib/wallet';

export { markWalletChanged, useBalance, walletKeys } from '../../../lib/wallet';

export const useMoneyLog = (q: { page: number; use_type?: number; start_time?: string; end_time?: string }) =>
  useQuery({
    queryKey: [...walletKeys.all, 'log', q],
    queryFn: () => http.get<Page<MoneyLogView>>('/api/user/user_money_log', { params: q }),
    placeholderData: (previous) => previous,
  });

export const useCredit = () =>
  useQuery({
    queryKey: [...walletKeys.all, 'credit'],
    queryFn: () => http.get<CreditSummaryView>('/api/user/user_credit'),
  });

export const useCreditBills = (q: { page: number; type?: number }) =>
  useQuery({
    queryKey: [...walletKeys.all, 'bills', q],
    queryFn: () => http.get<Page<CreditBillView>>('/api/user/user_credit_list', { params: q }),
    placeholderData: (previous) => previous,
  });

export function useRepay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (billIds: number[]) =>
      http.post<CreditRepayment>('/api/pay/user_credit_pay', { bill_ids: billIds }),
    onSuccess: () => client.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

/** type 1 coupons, 2 cash vouchers; status 1 unused, 2 used, 3 expired. */
export const useCoupons = (q: { type: number; status: number; page: number }) =>
  useQuery({
    queryKey: [...walletKeys.all, 'coupons', q],
    queryFn: () => http.get<Page<CouponView>>('/api/user/coupon', { params: q }),
  });
