import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ItemRequestBody, ItemRequestStatus, ItemRequestView } from '@yaocai/domain';
import { ApiCode } from '@yaocai/domain/api/codes';
import { http } from '../../../lib/http';

interface ItemRequestPage {
  list: ItemRequestView[];
  total: number;
  page: number;
  page_size: number;
}

/** GET /api/user/buy */
export const myItemRequests = (page: number, status?: ItemRequestStatus) =>
  http.get<ItemRequestPage>(`/api/user/buy?page=${page}${status ? `&status=${status}` : ''}`);
export const useMyItemRequests = (page: number, status?: ItemRequestStatus) =>
  useQuery({
    queryKey: ['item-requests', status ?? 'all', page],
    queryFn: () => myItemRequests(page, status),
    placeholderData: keepPreviousData,
  });

/** GET /api/user/buy/:id */
export const itemRequest = (id: number) =>
  // 求购详情 shows 求购记录不存在 itself.
  http.get<ItemRequestView>(`/api/user/buy/${id}`, { shownHere: [ApiCode.notFound] });
export const useItemRequest = (id: number) =>
  useQuery({
    queryKey: ['item-requests', 'one', id],
    queryFn: () => itemRequest(id),
    enabled: id > 0,
    retry: false,
  });

/** POST /api/user/buy */
export const sendItemRequest = (body: ItemRequestBody) => http.post<ItemRequestView>('/api/user/buy', body);
export function useSendItemRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendItemRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: ['item-requests'] }),
  });
}
