import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CouponCentreItem } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

const centreKey = ['coupon', 'centre'] as const;

/** GET /api/coupon/centre: the coupons on offer with the remaining quota and this store's state. */
export const useCouponCentre = () =>
  useQuery({
    queryKey: centreKey,
    queryFn: () => http.get<{ list: CouponCentreItem[] }>('/api/coupon/centre'),
  });

/** POST /api/coupon/receive: claims one; the centre and 我的优惠券 read again. */
export function useReceiveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (couponId: number) =>
      http.post<{ id: number; valid_to: number | null }>('/api/coupon/receive', { coupon_id: couponId }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: centreKey });
      void client.invalidateQueries({ queryKey: queryKeys.wallet });
    },
  });
}
