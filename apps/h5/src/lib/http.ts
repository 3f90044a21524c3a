import { createHttpClient } from '@yaocai/web-client';

export { ApiError, CancelledError, unreportedMessage } from '@yaocai/web-client';

/** URLs that may run several times at once (spec 4: cart, favourite). */
const concurrentPrefixes = ['/api/cart', '/api/favorite'];

/** How long a request the first screen started waits to be taken (app/early.ts). */
const STARTED_FOR_MS = 10_000;

/** A GET app/early.ts started for the first screen, taken once while it is fresh. */
function takeStartedRequest(url: string): Promise<Response> | undefined {
  const started = window.__ycStarted?.get(url);
  if (!started) return undefined;
  window.__ycStarted?.delete(url);
  return Date.now() - started.at < STARTED_FOR_MS ? started.response : undefined;
}

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
  takeStarted: takeStartedRequest,
});

export const { http, setHttpUi } = httpClient;
