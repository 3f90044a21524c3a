import { useQuery } from '@tanstack/react-query';
import type { GoodsEditorOptions } from '@yaocai/domain';
import { http } from './http';

// What several console editors share about goods: the editor's pickers (categories, brands,
// warehouses, the goods themselves) and the picture upload. The goods feature, the content
// editors and the promotion coverage fields read them from here.

export const goodsOptionsKey = ['admin-goods', 'options'] as const;

/** GET /api/admin/goods/options */
export const goodsOptions = () => http.get<GoodsEditorOptions>('/api/admin/goods/options');
export const useGoodsOptions = () =>
  useQuery({ queryKey: goodsOptionsKey, queryFn: goodsOptions, staleTime: 60_000 });

/** POST /api/admin/goods/images */
export function uploadGoodsImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.upload<{ id: number; url: string }>('/api/admin/goods/images', form);
}
