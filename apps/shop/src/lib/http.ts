import { type Envelope, SUCCESS_CODES } from '@yaocai/domain';
import qs from 'qs';

/**
 * THE HTTP client of the shop (design.md "Browser client rules"). Every call goes through it;
 * pages never handle the error catalogue themselves. First version: envelope unwrapping and
 * form encoding. The shell work completes it: 30 s time-out alert, same-URL cancellation,
 * login redirect, 459 -> /dzht, 422 toast, 温馨提示 alert, 5xx toast.
 */

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  params?: Record<string, unknown>;
  /** The caller handles refusals itself: no global alert/toast/redirect (it still throws). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key of order creation). */
  headers?: Record<string, string>;
}

async function request<T>(
  method: string,
  url: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const query = options.params
    ? qs.stringify(options.params, { arrayFormat: 'brackets', skipNulls: true })
    : '';
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    signal: options.signal,
    headers: { ...options.headers },
  };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = qs.stringify(body, { arrayFormat: 'indices' });
    (init.headers as Record<string, string>)['content-type'] = 'application/x-www-form-urlencoded';
  }
  const response = await fetch(query ? `${url}?${query}` : url, init);
  const envelope = (await response.json()) as Envelope<T>;
  if (!SUCCESS_CODES.includes(envelope.code)) {
    throw new ApiError(envelope.code, envelope.message, envelope.data, response.status);
  }
  return envelope.data;
}

export const http = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  post: <T>(url: string, body: unknown = {}, options?: RequestOptions) =>
    request<T>('POST', url, body, options),
  put: <T>(url: string, body: unknown = {}, options?: RequestOptions) =>
    request<T>('PUT', url, body, options),
  delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, undefined, options),
  /** multipart upload (files) */
  upload: <T>(url: string, form: FormData, options?: RequestOptions) =>
    request<T>('POST', url, form, options),
};
