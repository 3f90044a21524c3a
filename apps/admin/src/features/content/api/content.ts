import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentItem, ContentKind } from '@yaocai/domain';
import { http } from '../../../lib/http';

export interface ContentListAnswer {
  items: ContentItem[];
  help_categories: { id: number; name: string }[];
}
const key = (kind: ContentKind) => ['admin-content', kind] as const;

/** GET /api/admin/content/:kind */
export const listContent = (kind: ContentKind) => http.get<ContentListAnswer>(`/api/admin/content/${kind}`);
export const useContent = (kind: ContentKind) =>
  useQuery({ queryKey: key(kind), queryFn: () => listContent(kind) });

/** POST /api/admin/content/:kind (create) or /:kind/:id (edit). */
export const saveContent = ({ kind, id, body }: { kind: ContentKind; id: number | null; body: object }) =>
  http.post<ContentItem>(
    id === null ? `/api/admin/content/${kind}` : `/api/admin/content/${kind}/${id}`,
    body,
  );
/** POST /api/admin/content/:kind/:id/delete */
export const deleteContent = ({ kind, id }: { kind: ContentKind; id: number }) =>
  http.post<null>(`/api/admin/content/${kind}/${id}/delete`);

function useContentWrite<T extends { kind: ContentKind }>(call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_data, input) => client.invalidateQueries({ queryKey: key(input.kind) }),
  });
}
export const useSaveContent = () => useContentWrite(saveContent);
export const useDeleteContent = () => useContentWrite(deleteContent);
