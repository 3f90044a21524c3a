import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/user/login (phone or user name + password); refreshes the user state after. */
export const login = (input: LoginInput) =>
  http.post<{ user_id: number }>('/api/user/login', input, { silent: true });

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.userBase }),
  });
}
