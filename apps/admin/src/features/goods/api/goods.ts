import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminGoodsDetail,
  AdminGoodsPage,
  AdminGoodsQuery,
  GoodsBatchBody,
  GoodsEditBody,
  GoodsImportReport,
  WarehouseBody,
} from '@yaocai/domain';
import qs from 'qs';
import { goodsOptionsKey } from '../../../lib/goods-options';
import { http } from '../../../lib/http';

const keys = {
  list: (query: AdminGoodsQuery) => ['admin-goods', 'list', query] as const,
  one: (id: number) => ['admin-goods', 'one', id] as const,
  options: goodsOptionsKey,
};

const query = (q: AdminGoodsQuery) => qs.stringify(q, { skipNulls: true });

/** GET /api/admin/goods */
export const listGoods = (q: AdminGoodsQuery) => http.get<AdminGoodsPage>(`/api/admin/goods?${query(q)}`);
export const useGoodsList = (q: AdminGoodsQuery) =>
  useQuery({ queryKey: keys.list(q), queryFn: () => listGoods(q), placeholderData: keepPreviousData });

/** POST /api/admin/warehouses: the editor's warehouse picker offers the new one at once. */
export const addWarehouse = (body: WarehouseBody) =>
  http.post<{ id: number; name: string }>('/api/admin/warehouses', body);
export const useAddWarehouse = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addWarehouse,
    onSuccess: () => client.invalidateQueries({ queryKey: keys.options }),
  });
};

/** GET /api/admin/goods/:id */
export const getGoods = (id: number) => http.get<AdminGoodsDetail>(`/api/admin/goods/${id}`);
export const useGoods = (id: number | null) =>
  useQuery({ queryKey: keys.one(id ?? 0), queryFn: () => getGoods(id as number), enabled: id !== null });

/** The export and template are plain downloads (the browser saves the .xlsx). */
export const exportUrl = ({ page: _page, page_size: _size, ...filters }: AdminGoodsQuery) =>
  `/api/admin/goods/export?${qs.stringify(filters, { skipNulls: true })}`;
export const templateUrl = '/api/admin/goods/import-template';

function useGoodsWrite<T>(call: (input: T) => Promise<AdminGoodsDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      client.setQueryData(keys.one(detail.id), detail);
      return client.invalidateQueries({ queryKey: ['admin-goods', 'list'] });
    },
  });
}

/** POST /api/admin/goods */
export const createGoods = (body: GoodsEditBody) => http.post<AdminGoodsDetail>('/api/admin/goods', body);
export const useCreateGoods = () => useGoodsWrite(createGoods);
/** POST /api/admin/goods/:id */
export const updateGoods = ({ id, body }: { id: number; body: GoodsEditBody }) =>
  http.post<AdminGoodsDetail>(`/api/admin/goods/${id}`, body);
export const useUpdateGoods = () => useGoodsWrite(updateGoods);
/** POST /api/admin/goods/:id/sale */
export const setOnSale = ({ id, on_sale }: { id: number; on_sale: boolean }) =>
  http.post<AdminGoodsDetail>(`/api/admin/goods/${id}/sale`, { on_sale });
export const useSetOnSale = () => useGoodsWrite(setOnSale);
/** POST /api/admin/goods/:id/batches */
export const addBatch = ({ id, body }: { id: number; body: GoodsBatchBody }) =>
  http.post<AdminGoodsDetail>(`/api/admin/goods/${id}/batches`, body);
export const useAddBatch = () => useGoodsWrite(addBatch);
/** POST /api/admin/goods/:id/batches/:batchId */
export const setBatchQuantity = ({
  id,
  batchId,
  quantity,
}: {
  id: number;
  batchId: number;
  quantity: number;
}) => http.post<AdminGoodsDetail>(`/api/admin/goods/${id}/batches/${batchId}`, { quantity });
export const useSetBatchQuantity = () => useGoodsWrite(setBatchQuantity);
/** POST /api/admin/goods/:id/batches/:batchId/report: a batch's 药检报告 (PDF, JPG or PNG). */
export const uploadInspectionReport = ({
  id,
  batchId,
  file,
}: {
  id: number;
  batchId: number;
  file: File;
}) => {
  const form = new FormData();
  form.append('file', file);
  return http.upload<AdminGoodsDetail>(`/api/admin/goods/${id}/batches/${batchId}/report`, form);
};
export const useUploadInspectionReport = () => useGoodsWrite(uploadInspectionReport);
/** The latest 药检报告 of a batch (download). */
export const inspectionReportUrl = (id: number, batchId: number) =>
  `/api/admin/goods/${id}/batches/${batchId}/report`;

/** POST /api/admin/goods/import: the report, or a 422 whose data lists each row's problems (silent: the page shows them). */
export function importGoods(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.upload<GoodsImportReport>('/api/admin/goods/import', form, { silent: true });
}
export const useImportGoods = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importGoods,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-goods', 'list'] }),
  });
};
