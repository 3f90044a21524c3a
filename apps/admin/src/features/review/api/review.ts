import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompanyDecisionInput,
  DocumentCorrectionInput,
  DocumentDecisionInput,
  ReviewCompany,
  ReviewQueueQuery,
  reviewQueuePage,
} from '@yaocai/domain';
import qs from 'qs';
import type { z } from 'zod';
import { http } from '../../../lib/http';

const keys = {
  all: ['admin-review'] as const,
  queue: (q: ReviewQueueQuery) => [...keys.all, 'queue', q] as const,
  company: (id: number) => [...keys.all, 'company', id] as const,
};

/** GET /api/admin/qualifications: companies by review state. */
export const listReviewQueue = (q: ReviewQueueQuery) =>
  http.get<z.infer<typeof reviewQueuePage>>(
    `/api/admin/qualifications?${qs.stringify(q, { skipNulls: true })}`,
  );
export const useReviewQueue = (q: ReviewQueueQuery) =>
  useQuery({ queryKey: keys.queue(q), queryFn: () => listReviewQueue(q) });

/** GET /api/admin/qualifications/:id: the company with its documents. */
export const getReviewCompany = (id: number) => http.get<ReviewCompany>(`/api/admin/qualifications/${id}`);
export const useReviewCompany = (id: number) =>
  useQuery({ queryKey: keys.company(id), queryFn: () => getReviewCompany(id) });

/** POST /api/admin/qualifications/:id/documents/:documentId */
export const decideDocument = ({
  companyId,
  documentId,
  ...body
}: DocumentDecisionInput & { companyId: number; documentId: number }) =>
  http.post<ReviewCompany>(`/api/admin/qualifications/${companyId}/documents/${documentId}`, body);

/** POST /api/admin/qualifications/:id/documents/:documentId/correction: a new reviewed version. */
export const correctDocument = ({
  companyId,
  documentId,
  ...body
}: DocumentCorrectionInput & { companyId: number; documentId: number }) =>
  http.post<ReviewCompany>(`/api/admin/qualifications/${companyId}/documents/${documentId}/correction`, body);

/** POST /api/admin/qualifications/:id/decision */
export const decideCompany = ({ companyId, ...body }: CompanyDecisionInput & { companyId: number }) =>
  http.post<ReviewCompany>(`/api/admin/qualifications/${companyId}/decision`, body);

function useReviewWrite<T extends { companyId: number }>(call: (input: T) => Promise<ReviewCompany>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (company) => {
      client.setQueryData(keys.company(company.id), company);
      void client.invalidateQueries({ queryKey: [...keys.all, 'queue'] });
    },
  });
}
export const useDecideDocument = () => useReviewWrite(decideDocument);
export const useDecideCompany = () => useReviewWrite(decideCompany);
export const useCorrectDocument = () => useReviewWrite(correctDocument);
