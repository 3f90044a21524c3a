import { useQuery } from '@tanstack/react-query';
import type { CouponCentreItem } from '@yaocai/domain';
import { http } from '../../../lib/http';

const centreKey = ['coupon', 'centre'] as const;

/** GET /api/coupon/centre: coupons with the remaining quota and this store's state. */
export const useCouponCentre = () =>
  useQuery({
    queryKey: centreKey,
    queryFn: () => http.get<{ list: CouponCentreItem[] }>('/api/coupon/centre'),
  });

export { useReceiveCoupon } from '../../../lib/coupon-receive';
