import { createHttpClient } from '@yaocai/web-client';

export { ApiError, CancelledError, REQUEST_TIMEOUT_MS, type RequestOptions } from '@yaocai/web-client';

/** URLs that may run several times at once (spec 4: cart, favourite, favourite cancel, activity tap). */
const concurrentPrefixes = ['/api/cart', '/api/favorite', '/api/activity/tap'];
export const isConcurrent = (url: string) => concurrentPrefixes.some((prefix) => url.startsWith(prefix));

/**
 * THE HTTP client of the shop (the shared client of packages/web-client): a login-required
 * answer leads to /login?redirect=<where the buyer was>, a 459 to the contract page /dzht, and a
 * repeat of an in-flight request cancels the earlier one except for the concurrent URLs above.
 */
export const httpClient = createHttpClient({
  basePath: import.meta.env.BASE_URL,
  loginPath: '/login',
  loginRedirect: true,
  contractPath: '/dzht',
  cancelsRepeat: (url) => !isConcurrent(url),
});

export const { http, setHttpUi, loginTarget: loginRedirectTarget, resetHttpState } = httpClient;
