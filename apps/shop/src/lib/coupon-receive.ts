import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from './http';

/** POST /api/coupon/receive: claims one; the centre and the store's coupon counts refresh. */
export function useReceiveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (couponId: number) =>
      http.post<{ id: number; valid_to: number | null }>('/api/coupon/receive', { coupon_id: couponId }),
    onSettled: () => client.invalidateQueries({ queryKey: ['coupon'] }),
  });
}
