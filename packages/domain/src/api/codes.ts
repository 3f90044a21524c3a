/**
 * The API contract (design.md, spec sections 7 and 8): every response body is
 * `{ code, message, data }`. This file is the single source of the codes; the server's error
 * handler and both SPAs' HTTP clients read them from here.
 */
export const ApiCode = {
  ok: 10000,
  notLoggedIn: 10001,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  validation: 422,
  tooManyRequests: 429,
  contractNotSigned: 459,
  serverError: 500,
} as const;

/** Codes the clients treat as success (spec section 8). */
export const SUCCESS_CODES: readonly number[] = [10000, 200, 201];

export const clientMessages = {
  serverBusy: '系统繁忙，请稍候再试',
  timeout: '请求超时，请刷新页面',
  alertTitle: '温馨提示',
  notLoggedIn: '请先登录',
} as const;

/** Field -> list of Chinese messages, as 422 responses carry them in data.errors. */
export type FieldErrors = Record<string, string[]>;

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** First message of the first field: what the clients show as a toast on 422. */
export function firstFieldMessage(errors: FieldErrors | undefined): string | undefined {
  if (!errors) return undefined;
  for (const messages of Object.values(errors)) if (messages.length > 0) return messages[0];
  return undefined;
}
