import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminItemRequestView, ItemRequestStatus, ItemRequestView } from '@yaocai/domain';
import qs from 'qs';
import { http } from '../../../lib/http';

export interface ItemRequestQuery {
  status?: ItemRequestStatus;
  keyword?: string;
  page: number;
  page_size: number;
}
interface ItemRequestList {
  list: AdminItemRequestView[];
  total: number;
  page: number;
  page_size: number;
}
export interface GoodsOption {
  id: number;
  name: string;
  spec: string;
  manufacturer: string;
}

/** GET /api/admin/item-requests */
export const listItemRequests = (q: ItemRequestQuery) =>
  http.get<ItemRequestList>(`/api/admin/item-requests?${qs.stringify(q, { skipNulls: true })}`);
export const useItemRequests = (q: ItemRequestQuery) =>
  useQuery({
    queryKey: ['admin-item-requests', q],
    queryFn: () => listItemRequests(q),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/item-requests/goods: on-sale goods for the answer. */
export const findGoods = (q: string) =>
  http.get<GoodsOption[]>(`/api/admin/item-requests/goods?${qs.stringify({ q })}`);
export const useGoodsOptions = (q: string) =>
  useQuery({
    queryKey: ['admin-item-requests', 'goods', q],
    queryFn: () => findGoods(q),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/item-requests/:id/reply */
export const replyItemRequest = ({
  id,
  ...body
}: {
  id: number;
  status: 'listed' | 'unavailable';
  goods_id?: number;
  reply: string;
}) => http.post<ItemRequestView>(`/api/admin/item-requests/${id}/reply`, body);
export function useReplyItemRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: replyItemRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-item-requests'] }),
  });
}
