import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressBody, AddressView, SavedId } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const addressKeys = { list: ['address', 'list'] as const };

export const useAddresses = () =>
  useQuery({ queryKey: addressKeys.list, queryFn: () => http.get<AddressView[]>('/api/address') });

/** The address form's values: the API body, with the default flag as the checkbox's boolean. */
export type AddressForm = Omit<AddressBody, 'is_default'> & { is_default?: boolean };

export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: AddressForm }) =>
      http.post<SavedId>(id ? `/api/address/${id}/edit` : '/api/address', {
        ...form,
        is_default: form.is_default ? '1' : '0',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: addressKeys.list }),
  });
}

export function useAddressAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'default' | 'delete' }) =>
      http.post<null>(`/api/address/${id}/${action}`),
    onSuccess: () => client.invalidateQueries({ queryKey: addressKeys.list }),
  });
}
