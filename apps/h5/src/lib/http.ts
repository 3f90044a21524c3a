import { createHttpClient } from '@yaocai/web-client';

export { ApiError, CancelledError, unreportedMessage } from '@yaocai/web-client';

/** URLs that may run several times at once (spec 4: cart, favourite). */
const concurrentPrefixes = ['/api/cart', '/api/favorite'];

/**
 * The HTTP client of the mobile site: the shared client of packages/web-client below /m/. A
 * login-required answer leads to /login?redirect=...; a 459 is a toast (the contract is signed
 * on the PC site).
 */
export const httpClient = createHttpClient({
  basePath: import.meta.env.BASE_URL,
  loginPath: '/login',
  loginRedirect: true,
  cancelsRepeat: (url) => !concurrentPrefixes.some((prefix) => url.startsWith(prefix)),
});

export const { http, setHttpUi } = httpClient;
