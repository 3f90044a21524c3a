import { useQuery } from '@tanstack/react-query';
import type { OrderDetailView } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { orderKeys } from './keys';

/** GET /api/admin/orders/:id */
export const getOrder = (id: number) => http.get<OrderDetailView>(`/api/admin/orders/${id}`);

export const useOrder = (id: number | null) =>
  useQuery({ queryKey: orderKeys.detail(id), queryFn: () => getOrder(id as number), enabled: !!id });
