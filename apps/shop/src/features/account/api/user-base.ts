import { useQuery } from '@tanstack/react-query';
import type { UserBase } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/user/base: the user state (visitors too). */
export const fetchUserBase = () => http.get<UserBase>('/api/user/base', { silent: true });

export const useUserBase = () => useQuery({ queryKey: queryKeys.userBase, queryFn: fetchUserBase });
