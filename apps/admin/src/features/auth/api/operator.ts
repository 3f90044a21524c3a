import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { adminLoginBody, SavedId } from '@yaocai/domain';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-client';

export type AdminLoginValues = z.input<typeof adminLoginBody>;

/** Silent: the login form shows the refusal under the fields. */
export const login = (body: AdminLoginValues) =>
  http.post<SavedId>('/api/admin/login', body, { silent: true });
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Forgotten, not refetched here: the console frame asks for the operator as it opens.
    onSuccess: () => client.removeQueries({ queryKey: queryKeys.me }),
  });
}

export const logout = () => http.delete<null>('/api/admin/logout');
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Known to be nobody: removing the query made the still-mounted frame ask again (a 401).
    onSuccess: () => client.setQueryData(queryKeys.me, null),
  });
}
