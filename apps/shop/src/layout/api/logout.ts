import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { clearLoginFlag } from '../../lib/session';

export const logout = () => http.delete<null>('/api/user/logout');

/** Safe exit (spec 4): loading while the call runs, then clear the session flag and reload. */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      clearLoginFlag();
      window.location.reload();
    },
  });
}
