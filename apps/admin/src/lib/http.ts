import { refusalAction } from '@yaocai/domain/api/client-rules';
import { clientMessages, type Envelope, SUCCESS_CODES } from '@yaocai/domain/api/codes';
import qs from 'qs';

/**
 * THE HTTP client of the operator console: the shop's conventions (cookies, 30 s time-out with
 * the refresh alert, form encoding, the error catalogue through the shared `refusalAction`).
 * A login-required answer leads to the console's login page.
 */

export const REQUEST_TIMEOUT_MS = 30_000;

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
}

export interface HttpUi {
  toast(text: string): void;
  alert(title: string, text: string): void;
  timeout(text: string): void;
  /** Go to the console's login page. */
  toLogin(): void;
}

let ui: HttpUi = {
  toast: (text) => console.warn(text),
  alert: (title, text) => console.warn(`${title}: ${text}`),
  timeout: (text) => console.warn(text),
  toLogin: () => window.location.assign('/admin/login'),
};

export function setHttpUi(next: Partial<HttpUi>): void {
  ui = { ...ui, ...next };
}

function report(error: ApiError): void {
  const action = refusalAction(error);
  if (action.kind === 'login') ui.toLogin();
  else if (action.kind === 'alert') ui.alert(action.title, action.text);
  else ui.toast(action.text);
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
  const controller = new AbortController();
  const outer = options.signal;
  const forwardAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', forwardAbort);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort('timeout');
  }, REQUEST_TIMEOUT_MS);
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    signal: controller.signal,
    headers: { accept: 'application/json' },
  };
  if (body !== undefined) {
    init.body = qs.stringify(body, { arrayFormat: 'indices' });
    (init.headers as Record<string, string>)['content-type'] = 'application/x-www-form-urlencoded';
  }
  try {
    let response: Response;
    try {
      response = await fetch(query ? `${url}?${query}` : url, init);
    } catch (cause) {
      if (timedOut) {
        ui.timeout(clientMessages.timeout);
        throw new ApiError(408, clientMessages.timeout, null, 0);
      }
      if (outer?.aborted) throw cause;
      const error = new ApiError(0, clientMessages.serverBusy, null, 0);
      if (!options.silent) report(error);
      throw error;
    }
    let envelope: Envelope<T>;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      envelope = { code: response.status, message: clientMessages.serverBusy, data: null as T };
    }
    if (SUCCESS_CODES.includes(envelope.code) && response.ok) return envelope.data;
    const error = new ApiError(envelope.code, envelope.message, envelope.data, response.status);
    if (!options.silent) report(error);
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}

export const http = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  post: <T>(url: string, body: unknown = {}, options?: RequestOptions) =>
    request<T>('POST', url, body, options),
  put: <T>(url: string, body: unknown = {}, options?: RequestOptions) =>
    request<T>('PUT', url, body, options),
  delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, undefined, options),
};
