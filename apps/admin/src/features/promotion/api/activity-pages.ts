import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityPageStatus,
  ActivityPageView,
  AdminActivityPageView,
  PreviewStoreView,
} from '@yaocai/domain';
import qs from 'qs';
import { http } from '../../../lib/http';

const key = ['admin-activity-pages'] as const;

/** GET /api/admin/activity-pages */
export const useActivityPages = () =>
  useQuery({ queryKey: key, queryFn: () => http.get<AdminActivityPageView[]>('/api/admin/activity-pages') });

/** POST /api/admin/activity-pages(/:id) */
export function useSaveActivityPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: object }) =>
      http.post<AdminActivityPageView>(
        id ? `/api/admin/activity-pages/${id}` : '/api/admin/activity-pages',
        body,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** POST /api/admin/activity-pages/:id/status */
export function useMoveActivityPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ActivityPageStatus }) =>
      http.post<AdminActivityPageView>(`/api/admin/activity-pages/${id}/status`, { status }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** GET /api/admin/preview-stores */
export const usePreviewStores = (q: string) =>
  useQuery({
    queryKey: ['admin-preview-stores', q],
    queryFn: () => http.get<PreviewStoreView[]>(`/api/admin/preview-stores?${qs.stringify({ q })}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/activity-pages/:id/preview: the page as that store would get it. */
export const useActivityPagePreview = (id: number, userId: number | undefined) =>
  useQuery({
    queryKey: [...key, id, 'preview', userId],
    queryFn: () => http.get<ActivityPageView>(`/api/admin/activity-pages/${id}/preview?user_id=${userId}`),
    enabled: !!userId,
  });
