import { useQuery } from '@tanstack/react-query';
import { holdsPermission, type OperatorMe, type PermissionCode } from '@yaocai/domain';
import { http } from './http';
import { queryKeys } from './query-client';

// The signed-in operator, read by the console frame, the home redirect and every page that shows
// or hides a write by permission: shared, so the features do not reach into the auth feature.

/** The signed-in operator; silent, the console frame sends visitors to the login page itself. */
export const fetchMe = () => http.get<OperatorMe>('/api/admin/me', { silent: true });
export const useMe = () => useQuery({ queryKey: queryKeys.me, queryFn: fetchMe });

/** Whether the signed-in operator holds a permission (false while unknown). */
export const useCan = (permission: PermissionCode) =>
  holdsPermission(useMe().data?.permissions ?? [], permission);
