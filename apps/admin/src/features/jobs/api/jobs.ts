import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobRetryParams, JobRunView, JobsOverview } from '@yaocai/domain';
import { http } from '../../../lib/http';

const key = ['admin-jobs'] as const;

/** GET /api/admin/jobs: every job kind with its runs; refreshed every few seconds while open. */
export const useJobs = () =>
  useQuery({
    queryKey: key,
    queryFn: () => http.get<JobsOverview>('/api/admin/jobs'),
    refetchInterval: 5000,
  });

/** POST /api/admin/jobs/{kind}/runs/{id}/retry */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: JobRetryParams) =>
      http.post<JobRunView>(`/api/admin/jobs/${kind}/runs/${id}/retry`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
