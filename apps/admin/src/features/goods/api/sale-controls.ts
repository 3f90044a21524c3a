import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaleControlPage, saleControlBody, saleControlQuery } from '@yaocai/domain';
import qs from 'qs';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export type SaleControlQuery = z.output<typeof saleControlQuery>;
type Result = { updated: number };

const listKey = (q: SaleControlQuery) => ['admin-sale-controls', q] as const;

/** GET /api/admin/sale-controls */
export const listSaleControls = (q: SaleControlQuery) =>
  http.get<SaleControlPage>(`/api/admin/sale-controls?${qs.stringify(q, { skipNulls: true })}`);
export const useSaleControls = (q: SaleControlQuery) =>
  useQuery({ queryKey: listKey(q), queryFn: () => listSaleControls(q), placeholderData: keepPreviousData });

function useControlWrite<T>(call: (input: T) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-sale-controls'] }),
  });
}

/** POST /api/admin/sale-controls: one control on many goods. */
export const setSaleControls = (body: z.input<typeof saleControlBody>) =>
  http.post<Result>('/api/admin/sale-controls', body);
export const useSetSaleControls = () => useControlWrite(setSaleControls);

/** POST /api/admin/sale-controls/remove */
export const removeSaleControls = (goodsIds: number[]) =>
  http.post<Result>('/api/admin/sale-controls/remove', { goods_ids: goodsIds });
export const useRemoveSaleControls = () => useControlWrite(removeSaleControls);
