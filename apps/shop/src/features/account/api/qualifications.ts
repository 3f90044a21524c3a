import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QualificationItem } from '@yaocai/domain';
import { http } from '../../../lib/http';
import type { licenceInput } from '../components/LicenceFields';

/** GET /api/user/zizhi: the company's licences, each with its state. */
export const useQualifications = () =>
  useQuery({ queryKey: ['zizhi'], queryFn: () => http.get<QualificationItem[]>('/api/user/zizhi') });

/** GET /api/user/jyfw: the business scope the licences grant. */
export const useBusinessScope = () =>
  useQuery({
    queryKey: ['jyfw'],
    queryFn: () =>
      http.get<{ list: { code: string; name: string }[]; refusal: string | null }>('/api/user/jyfw'),
  });

export type RenewalInput = ReturnType<typeof licenceInput>;

/** POST /api/user/zizhi: a renewed licence for review. */
export function useRenewLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RenewalInput) => http.post<{ id: number }>('/api/user/zizhi', body, { silent: true }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['zizhi'] }),
        client.invalidateQueries({ queryKey: ['jyfw'] }),
        client.invalidateQueries({ queryKey: ['member-centre'] }),
      ]),
  });
}
