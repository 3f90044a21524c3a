import { refusalAction } from '@yaocai/domain/api/client-rules';
import { clientMessages, type Envelope, SUCCESS_CODES } from '@yaocai/domain/api/codes';
import { encodeForm } from './form-encode';

/**
 * The HTTP client of both SPAs (design.md "Browser client rules", spec sections 4, 7 and 8).
 * Every call goes through it; pages never handle the error catalogue themselves: cookies,
 * 30 s time-out alert with a refresh button, form encoding with nested keys, cancelling an
 * in-flight request to the same URL, login redirect, 459 -> contract page, 422 toast,
 * 温馨提示 alert, 5xx toast. Each SPA creates its client once in its lib/http.ts with what
 * differs between them (base path, login page, contract page, which URLs may run at once).
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

/** Thrown when a newer request to the same URL replaced this one. */
export class CancelledError extends Error {
  constructor(readonly url: string) {
    super(`cancelled: ${url}`);
    this.name = 'CancelledError';
  }
}

/** antd's `form.validateFields()` refusal: the form already shows each message under its field. */
const isInvalidForm = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  Array.isArray((error as { errorFields?: unknown }).errorFields);

/**
 * A failed call's message for the page to show, or null when there is nothing to add: the http
 * client already told the user (a refusal of a call that was not silent, as a toast or a dialog;
 * a time-out, always as its dialog), a newer request replaced this one, or the form's own
 * validation stopped it (its messages are under the fields). Pass `silent` as the call was made.
 *
 * A page action awaiting a call (a click, a form's submit, a dialog's OK) catches what it throws
 * and shows only this: a refusal must not escape as an uncaught error.
 */
export function unreportedMessage(error: unknown, fallback: string, silent = false): string | null {
  if (error instanceof CancelledError || isInvalidForm(error)) return null;
  if (error instanceof ApiError) return silent && error.code !== 408 ? error.message || fallback : null;
  return error instanceof Error && error.message ? error.message : fallback;
}

export interface RequestOptions {
  params?: Record<string, unknown>;
  /** The caller handles refusals itself: no global alert/toast/redirect (it still throws). */
  silent?: boolean;
  /**
   * Refusal codes the page shows itself (a detail page's not-found state): the client does not
   * also alert them; every other refusal is reported as usual (a lapsed session still logs in).
   */
  shownHere?: readonly number[];
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key of order creation). */
  headers?: Record<string, string>;
}

/** How the client talks to the user; the app binds antd's message/Modal and the router. */
export interface HttpUi {
  toast(text: string): void;
  alert(title: string, text: string): void;
  /** The time-out alert with its refresh button. */
  timeout(text: string): void;
  /** Go to a path of the app's router (below its base path). */
  navigate(to: string): void;
  /** Current router path + search, for the login redirect. */
  currentPath(): string;
}

export interface HttpClientConfig {
  /** Where the SPA is served, as Vite's `base` ('/' or '/admin/'); router paths are below it. */
  basePath: string;
  /** Router path of the login page, where a login-required answer leads (unless already there). */
  loginPath: string;
  /** Carry the current path to the login page as `?redirect=`, to come back after logging in. */
  loginRedirect?: boolean;
  /**
   * Router path of the contract page a 459 leads to, with `?redirect=<where the buyer was>`;
   * without it the 459 is only a toast.
   */
  contractPath?: string;
  /** Whether a repeat of an in-flight request to this URL cancels the earlier one (spec 4). */
  cancelsRepeat?(url: string): boolean;
}

export interface HttpClient {
  http: {
    get<T>(url: string, options?: RequestOptions): Promise<T>;
    post<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T>;
    put<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T>;
    delete<T>(url: string, options?: RequestOptions): Promise<T>;
    /** multipart upload (files) */
    upload<T>(url: string, form: FormData, options?: RequestOptions): Promise<T>;
  };
  /** Bind the user-facing side (done once by the app shell; tests bind stubs). */
  setHttpUi(next: Partial<HttpUi>): void;
  /** The login page for a visitor at `current`. */
  loginTarget(current: string): string;
  /** Applies the error catalogue of spec section 8 to a refusal. */
  reportRefusal(error: ApiError): void;
  /** Test hook: forget the one-time time-out alert and the in-flight requests. */
  resetHttpState(): void;
}

function buildInit(
  method: string,
  body: unknown,
  signal: AbortSignal,
  headers: Record<string, string> = {},
): RequestInit {
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    signal,
    headers: { accept: 'application/json', ...headers },
  };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = encodeForm(body, { arrayFormat: 'indices' });
    (init.headers as Record<string, string>)['content-type'] = 'application/x-www-form-urlencoded';
  }
  return init;
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  try {
    return (await response.json()) as Envelope<T>;
  } catch {
    return {
      code: response.status,
      message: response.statusText || clientMessages.serverBusy,
      data: null as T,
    };
  }
}

export function createHttpClient(config: HttpClientConfig): HttpClient {
  const base = config.basePath.replace(/\/+$/, '');
  const cancelsRepeat = config.cancelsRepeat ?? (() => false);

  /** Until the app shell binds antd and the router: the console and full page loads. */
  const browserUi: HttpUi = {
    toast: (text) => console.warn(text),
    alert: (title, text) => console.warn(`${title}: ${text}`),
    timeout: (text) => console.warn(text),
    navigate: (to) => window.location.assign(`${base}${to}`),
    currentPath: () => {
      const { pathname, search } = window.location;
      const path = base && pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
      return `${path}${search}`;
    },
  };
  let ui: HttpUi = browserUi;

  /** In-flight requests by method + URL (with its query): a repeat cancels the earlier one. */
  const inFlight = new Map<string, AbortController>();
  let timeoutShown = false;

  function loginTarget(current: string): string {
    return config.loginRedirect
      ? `${config.loginPath}?redirect=${encodeURIComponent(current)}`
      : config.loginPath;
  }

  function reportRefusal(error: ApiError): void {
    const action = refusalAction(error);
    switch (action.kind) {
      case 'login': {
        const current = ui.currentPath();
        if (!current.startsWith(config.loginPath)) ui.navigate(loginTarget(current));
        return;
      }
      case 'contract': {
        ui.toast(action.text);
        if (!config.contractPath) return;
        // Back to where the buyer was once signed (the contract page follows ?redirect=).
        const current = ui.currentPath();
        if (!current.startsWith(config.contractPath))
          ui.navigate(`${config.contractPath}?redirect=${encodeURIComponent(current)}`);
        return;
      }
      case 'toast':
        ui.toast(action.text);
        return;
      case 'alert':
        ui.alert(action.title, action.text);
    }
  }

  async function request<T>(
    method: string,
    url: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<T> {
    const query = options.params
      ? encodeForm(options.params, { arrayFormat: 'brackets', skipNulls: true })
      : '';
    const fullUrl = query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
    const key = `${method} ${fullUrl}`;
    const controller = new AbortController();
    if (cancelsRepeat(url)) {
      inFlight.get(key)?.abort('replaced');
      inFlight.set(key, controller);
    }
    const outer = options.signal;
    const forwardAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) controller.abort(outer.reason);
    outer?.addEventListener('abort', forwardAbort);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort('timeout');
    }, REQUEST_TIMEOUT_MS);

    try {
      let response: Response;
      try {
        response = await fetch(fullUrl, buildInit(method, body, controller.signal, options.headers));
      } catch (cause) {
        if (timedOut) {
          if (!timeoutShown) {
            timeoutShown = true;
            ui.timeout(clientMessages.timeout);
          }
          throw new ApiError(408, clientMessages.timeout, null, 0);
        }
        if (controller.signal.aborted) {
          if (outer?.aborted) throw cause;
          throw new CancelledError(fullUrl);
        }
        const error = new ApiError(0, clientMessages.serverBusy, null, 0);
        if (!options.silent) reportRefusal(error);
        throw error;
      }
      const envelope = await readEnvelope<T>(response);
      const code = typeof envelope.code === 'number' ? envelope.code : response.status;
      if (SUCCESS_CODES.includes(code) && response.ok) return envelope.data;
      const error = new ApiError(code, envelope.message ?? '', envelope.data, response.status);
      if (!options.silent && !options.shownHere?.includes(code)) reportRefusal(error);
      throw error;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forwardAbort);
      if (inFlight.get(key) === controller) inFlight.delete(key);
    }
  }

  return {
    http: {
      get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
      post: <T>(url: string, body: unknown = {}, options?: RequestOptions) =>
        request<T>('POST', url, body, options),
      put: <T>(url: string, body: unknown = {}, options?: RequestOptions) =>
        request<T>('PUT', url, body, options),
      delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, undefined, options),
      upload: <T>(url: string, form: FormData, options?: RequestOptions) =>
        request<T>('POST', url, form, options),
    },
    setHttpUi(next) {
      ui = { ...browserUi, ...next };
    },
    loginTarget,
    reportRefusal,
    resetHttpState() {
      timeoutShown = false;
      inFlight.clear();
    },
  };
}
