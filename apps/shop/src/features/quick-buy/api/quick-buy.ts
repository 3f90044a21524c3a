import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { FastBuyOrder, FastBuyPage, QuickOrderResult } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** GET /api/user/fast_buy (page, order) */
export const fastBuy = (page: number, order: FastBuyOrder, pageSize = 20) =>
  http.get<FastBuyPage>(`/api/user/fast_buy?page=${page}&page_size=${pageSize}&order=${order}`);
export const useFastBuy = (page: number, order: FastBuyOrder) =>
  useQuery({
    queryKey: ['fast-buy', order, page],
    queryFn: () => fastBuy(page, order),
    placeholderData: keepPreviousData,
  });

/** POST /api/user/quick_order: pasted lines matched against the goods on sale. */
export const useMatchText = () =>
  useMutation({
    mutationFn: (text: string) =>
      http.post<QuickOrderResult>('/api/user/quick_order', { text }, { silent: true }),
  });

/** POST /api/user/quick_order/file: an .xlsx or .csv quick order. */
export const useMatchFile = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      // Silent: the page shows the refusal beside the box.
      return http.upload<QuickOrderResult>('/api/user/quick_order/file', form, { silent: true });
    },
  });
