import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, SignedInUser } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** POST /api/user/login; afterwards every query starts again from the new session. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => http.post<SignedInUser>('/api/user/login', input, { silent: true }),
    onSuccess: () => client.resetQueries(),
  });
}

/** DELETE /api/user/logout (安全退出). */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete<null>('/api/user/logout'),
    onSuccess: () => client.resetQueries(),
  });
}
