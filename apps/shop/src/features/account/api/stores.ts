import { useMutation, useQuery } from '@tanstack/react-query';
import type { CompanyStore } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** GET /api/user/stores */
export const useCompanyStores = () =>
  useQuery({ queryKey: ['company-stores'], queryFn: () => http.get<CompanyStore[]>('/api/user/stores') });

/** POST /api/user/switch_store: the session becomes the other store's. */
export const useSwitchStore = () =>
  useMutation({
    mutationFn: (userId: number) =>
      http.post<{ user_id: number }>('/api/user/switch_store', { user_id: userId }),
  });
