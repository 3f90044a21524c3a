import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyDetail, CompanyPage, CompanyQuery } from '@yaocai/domain';
import qs from 'qs';
import { http } from '../../../lib/http';

const keys = {
  list: (q: CompanyQuery) => ['admin-companies', 'list', q] as const,
  one: (id: number) => ['admin-companies', 'one', id] as const,
};

/** GET /api/admin/companies */
export const listCompanies = (q: CompanyQuery) =>
  http.get<CompanyPage>(`/api/admin/companies?${qs.stringify(q, { skipNulls: true })}`);
export const useCompanies = (q: CompanyQuery) =>
  useQuery({ queryKey: keys.list(q), queryFn: () => listCompanies(q), placeholderData: keepPreviousData });

/** GET /api/admin/companies/:id */
export const getCompany = (id: number) => http.get<CompanyDetail>(`/api/admin/companies/${id}`);
export const useCompany = (id: number) => useQuery({ queryKey: keys.one(id), queryFn: () => getCompany(id) });

function useCompanyWrite<T extends { id: number }>(call: (input: T) => Promise<CompanyDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      client.setQueryData(keys.one(detail.id), detail);
      return client.invalidateQueries({ queryKey: ['admin-companies', 'list'] });
    },
  });
}
/** POST /api/admin/companies/:id/status */
export const setCompanyStatus = ({
  id,
  disabled,
  reason,
}: {
  id: number;
  disabled: boolean;
  reason: string;
}) => http.post<CompanyDetail>(`/api/admin/companies/${id}/status`, { disabled, reason });
export const useSetCompanyStatus = () => useCompanyWrite(setCompanyStatus);
/** POST /api/admin/companies/:id/service-contact */
export const assignServiceContact = ({
  id,
  service_contact_id,
}: {
  id: number;
  service_contact_id: number;
}) => http.post<CompanyDetail>(`/api/admin/companies/${id}/service-contact`, { service_contact_id });
export const useAssignServiceContact = () => useCompanyWrite(assignServiceContact);
