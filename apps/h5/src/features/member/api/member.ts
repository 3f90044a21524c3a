import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddressBody,
  AddressView,
  CouponView,
  GoodsListData,
  MoneyLogView,
  Page,
  QualificationItem,
  SavedId,
  WalletBalance,
} from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

const nextPage = (last: { page: number; page_size: number; total: number }) =>
  last.page * last.page_size < last.total ? last.page + 1 : undefined;

export const useBalance = () =>
  useQuery({
    queryKey: [...queryKeys.wallet, 'balance'],
    queryFn: () => http.get<WalletBalance>('/api/user/user_money'),
  });

/** GET /api/user/user_money_log page by page (余额明细). */
export const useMoneyLog = () =>
  useInfiniteQuery({
    queryKey: [...queryKeys.wallet, 'log'],
    queryFn: ({ pageParam }) =>
      http.get<Page<MoneyLogView>>('/api/user/user_money_log', { params: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

/** type 1 coupons, 2 cash vouchers; status 1 unused, 2 used, 3 expired. */
export const useCoupons = (type: number, status: number) =>
  useInfiniteQuery({
    queryKey: [...queryKeys.wallet, 'coupons', type, status],
    queryFn: ({ pageParam }) =>
      http.get<Page<CouponView>>('/api/user/coupon', { params: { type, status, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const useFavorites = () =>
  useInfiniteQuery({
    queryKey: ['favorite', 'list'],
    queryFn: ({ pageParam, signal }) =>
      http.get<GoodsListData>('/api/favorite', { params: { page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const useLicences = () =>
  useQuery({ queryKey: ['zizhi'], queryFn: () => http.get<QualificationItem[]>('/api/user/zizhi') });

const addressKey = ['address', 'list'] as const;
export const useAddressList = () =>
  useQuery({ queryKey: addressKey, queryFn: () => http.get<AddressView[]>('/api/address') });

/** 设为默认 / 删除 on one address. */
export function useAddressAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'default' | 'delete' }) =>
      http.post<null>(`/api/address/${id}/${action}`),
    onSuccess: () => client.invalidateQueries({ queryKey: addressKey }),
  });
}

/** The address form's values: the API body, with the default flag as a boolean. */
export type AddressForm = Omit<AddressBody, 'is_default'> & { is_default: boolean };

/** POST /api/address (新增) or /api/address/{id}/edit (修改). */
export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: AddressForm }) =>
      http.post<SavedId>(
        id ? `/api/address/${id}/edit` : '/api/address',
        { ...form, is_default: form.is_default ? '1' : '0' },
        { silent: true },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: addressKey }),
  });
}
