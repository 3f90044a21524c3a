import { useQuery } from '@tanstack/react-query';
import type { UserBase } from '@yaocai/domain';
import { http } from '../../lib/http';
import { queryKeys } from '../../lib/query-keys';

export const fetchUserBase = () => http.get<UserBase>('/api/user/base', { silent: true });

/** Routes whose pages load the user info themselves (spec 4: member centre, login, bind WeChat). */
export const routesLoadingUserThemselves = new Set(['user_hyzx', 'login', 'bdwx']);

export function loadsUserBaseOnEntry(routeName: string | undefined): boolean {
  return !routeName || !routesLoadingUserThemselves.has(routeName);
}

/** What the layout shows: the loaded user, or after a failure only `show` (a visitor's header). */
export type UserState = Partial<UserBase> & { show: boolean; is_login: boolean };

export function userStateFrom(data: UserBase | undefined, failed: boolean): UserState {
  if (data) return data;
  return { show: failed, is_login: false };
}

/** The user base info; `enabled` false only observes what another part loaded. */
export function useUserBase(enabled = true) {
  const query = useQuery({
    queryKey: queryKeys.userBase,
    queryFn: fetchUserBase,
    enabled,
    staleTime: 60_000,
  });
  return { ...query, user: userStateFrom(query.data, query.isError) };
}
