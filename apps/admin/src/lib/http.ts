import { createHttpClient } from '@yaocai/web-client';

export { ApiError, REQUEST_TIMEOUT_MS, type RequestOptions } from '@yaocai/web-client';

/**
 * THE HTTP client of the operator console (the shared client of packages/web-client): a
 * login-required answer leads to the console's login page; no request cancels another.
 */
export const httpClient = createHttpClient({ basePath: import.meta.env.BASE_URL, loginPath: '/login' });

export const { http, setHttpUi, resetHttpState } = httpClient;
