import { type LoaderFunctionArgs, type Params, redirect } from 'react-router';
import { fetchUserBase } from '../layout/api/user-base';
import { type FlowRequirement, type FlowStateName, flowState } from '../lib/flow-state';
import { loginRedirectTarget } from '../lib/http';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import type { AppRoute } from './route-types';

// THE guard of the pages that only make sense in their place: member pages (a visitor goes to
// the login page), visitor-only pages (login, registration) and the later steps of a flow. It
// reads the route table's `requiresLogin` and `guestOnly` flags and `flow` entry, and runs as
// the route's loader, before a member page's code loads or any page sends a call.

/** Where a logged-in buyer opening a visitor-only page goes. */
export const MEMBER_CENTRE = '/user';

export interface GuardContext {
  loggedIn: boolean;
  /** The address asked for (path and query): where the login page sends the buyer back. */
  path: string;
  params: Params;
  search: URLSearchParams;
  /** Whether an earlier step kept this state. */
  has(name: FlowStateName): boolean;
}

const isRecordId = (value: string | null | undefined) => /^[1-9]\d{0,15}$/.test(value?.trim() ?? '');

/** How each requirement is met. */
const requirements: Record<FlowRequirement, (at: GuardContext) => boolean> = {
  registerDraft: (at) => at.has('registerDraft'),
  storeDraft: (at) => at.has('storeDraft'),
  storeAdded: (at) => at.has('storeAdded'),
  resetToken: (at) => at.has('resetToken'),
  passwordReset: (at) => at.has('passwordReset'),
  // Step 2 verifies the lines the cart chose (?ids=1,2).
  cartSelection: (at) => (at.search.get('ids') ?? '').split(',').some(isRecordId),
  // Step 3 pays /cart/step3/:id, the alternate /cart/hm?id= and step 4 show ?id=.
  orderId: (at) => isRecordId(at.params.id ?? at.search.get('id')),
};

/** Where the buyer is sent instead of the route, or null when it may open. */
export function guardRedirect(route: AppRoute, at: GuardContext): string | null {
  if (route.flags.requiresLogin && !at.loggedIn) return loginRedirectTarget(at.path);
  if (route.flags.guestOnly && at.loggedIn) return MEMBER_CENTRE;
  const needs = route.flow?.requires;
  if (route.flow && needs && !requirements[needs](at)) return route.flow.start;
  return null;
}

/** Whether the guard watches the route (it gets the guard as its loader). */
export const isGuarded = (route: AppRoute) =>
  Boolean(route.flags.requiresLogin || route.flags.guestOnly || route.flow?.requires);

/**
 * The session as the server sees it now: asked afresh, so a session that ended elsewhere does
 * not send a visitor from the login page to the member centre and back.
 */
async function isLoggedIn(fresh: boolean): Promise<boolean> {
  try {
    const user = await queryClient.fetchQuery({
      queryKey: queryKeys.userBase,
      queryFn: fetchUserBase,
      // A member page takes the session the shell already knows (a session that ended since
      // meets the page's first call's 401 and the layout's RequireLogin).
      staleTime: fresh ? 0 : Number.POSITIVE_INFINITY,
    });
    return user.is_login;
  } catch {
    return false;
  }
}

/** The loader of a guarded route. */
export const guardLoader =
  (route: AppRoute) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const asks = route.flags.guestOnly || route.flags.requiresLogin;
    const target = guardRedirect(route, {
      loggedIn: asks ? await isLoggedIn(Boolean(route.flags.guestOnly)) : false,
      path: `${url.pathname}${url.search}`,
      params,
      search: url.searchParams,
      has: (name) => flowState.get(name) !== '',
    });
    return target ? redirect(target) : null;
  };
