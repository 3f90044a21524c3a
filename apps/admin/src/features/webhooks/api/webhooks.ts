import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookCreateBody,
  WebhookCreated,
  WebhookDeliveryPage,
  WebhookDeliveryState,
  WebhookDeliveryView,
  WebhookView,
} from '@yaocai/domain';
import { http } from '../../../lib/http';

const key = ['admin-webhooks'] as const;

/** GET /api/admin/webhooks */
export const useWebhooks = () =>
  useQuery({ queryKey: key, queryFn: () => http.get<WebhookView[]>('/api/admin/webhooks') });

/** POST /api/admin/webhooks: the answer holds the signing secret, this once. */
export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<WebhookCreateBody, 'active'>) =>
      http.post<WebhookCreated>('/api/admin/webhooks', body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** POST /api/admin/webhooks/{id}/active */
export function useSetWebhookActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      http.post<WebhookView>(`/api/admin/webhooks/${id}/active`, { active }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** DELETE /api/admin/webhooks/{id} */
export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ id: number }>(`/api/admin/webhooks/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** GET /api/admin/webhooks/{id}/deliveries?state=&page= */
export const useDeliveries = (
  id: number | undefined,
  state: WebhookDeliveryState | undefined,
  page: number,
) =>
  useQuery({
    queryKey: [...key, id, 'deliveries', state ?? '', page],
    enabled: id !== undefined,
    queryFn: () =>
      http.get<WebhookDeliveryPage>(
        `/api/admin/webhooks/${id}/deliveries?page=${page}&page_size=20${state ? `&state=${state}` : ''}`,
      ),
    refetchInterval: 5000,
  });

/** POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver */
export function useRedeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: number; deliveryId: number }) =>
      http.post<WebhookDeliveryView>(`/api/admin/webhooks/${id}/deliveries/${deliveryId}/redeliver`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
