import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, SignedInUser } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { setLoginFlag } from '../../../lib/session';

/** POST /api/user/login (phone or user name + password); refreshes the user state after. */
export const login = (input: LoginInput) =>
  http.post<SignedInUser>('/api/user/login', input, { silent: true });

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => {
      // Spec: after login the next navigation reloads the page once (RootLayout consumes the flag).
      setLoginFlag();
      return client.invalidateQueries({ queryKey: queryKeys.userBase });
    },
  });
}
