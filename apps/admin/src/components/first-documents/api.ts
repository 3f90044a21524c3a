import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FirstDocumentView } from '@yaocai/domain';
import qs from 'qs';
import { http } from '../../lib/http';

/** GET /api/admin/first-documents: the company's papers, or a goods' (goods_id). */
export const listFirstDocuments = (goodsId?: number) =>
  http.get<FirstDocumentView[]>(`/api/admin/first-documents?${qs.stringify({ goods_id: goodsId })}`);
export const useFirstDocuments = (goodsId?: number) =>
  useQuery({
    queryKey: ['admin-first-documents', goodsId ?? null],
    queryFn: () => listFirstDocuments(goodsId),
  });

/** POST the file of one 首营资料 (a goods' when goodsId is given, else the company's). */
export function useUploadFirstDocument(goodsId?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, file }: { name: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      const url = goodsId ? `/api/admin/goods/${goodsId}/first-documents` : '/api/admin/first-documents';
      return http.upload<FirstDocumentView[]>(`${url}?${qs.stringify({ name })}`, form);
    },
    onSuccess: (list) => client.setQueryData(['admin-first-documents', goodsId ?? null], list),
  });
}
