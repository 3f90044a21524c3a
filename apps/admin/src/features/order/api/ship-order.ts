import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { shipBody } from '@yaocai/domain';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { orderKeys } from './keys';

export type ShipInput = z.input<typeof shipBody>;

/** POST /api/admin/orders/:id/ship (仓库: orders:ship) */
export const shipOrder = ({ id, ...body }: ShipInput & { id: number }) =>
  http.post<{ shipment_id: number }>(`/api/admin/orders/${id}/ship`, body);

export function useShipOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
