import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryBody, CategoryMenu, CategoryNode } from '@yaocai/domain';
import { http } from '../../../lib/http';

const key = (menu: CategoryMenu) => ['admin-categories', menu] as const;

/** GET /api/admin/categories?menu= */
export const listCategories = (menu: CategoryMenu) =>
  http.get<CategoryNode[]>(`/api/admin/categories?menu=${menu}`);
export const useCategories = (menu: CategoryMenu) =>
  useQuery({ queryKey: key(menu), queryFn: () => listCategories(menu) });

/** POST /api/admin/categories (create) or /:id (edit) */
export const saveCategory = ({ id, body }: { id: number | null; body: Partial<CategoryBody> }) =>
  http.post<CategoryNode>(id === null ? '/api/admin/categories' : `/api/admin/categories/${id}`, body);
/** POST /api/admin/categories/:id/delete */
export const deleteCategory = ({ id }: { id: number }) =>
  http.post<null>(`/api/admin/categories/${id}/delete`);

function useCategoryWrite<T>(call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-categories'] }),
  });
}
export const useSaveCategory = () => useCategoryWrite(saveCategory);
export const useDeleteCategory = () => useCategoryWrite(deleteCategory);
