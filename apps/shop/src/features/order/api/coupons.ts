import { useQuery } from '@tanstack/react-query';
import type { AvailableCouponList } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** Coupons checked against the selected cart lines (verify order). */
export const useAvailableCoupons = (ids: number[]) =>
  useQuery({
    queryKey: ['coupon', 'available', ids],
    queryFn: () =>
      http.get<AvailableCouponList>('/api/user/availableCoupon', { params: { ids: ids.join(',') } }),
    enabled: ids.length > 0,
    retry: false,
  });
