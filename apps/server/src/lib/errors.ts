import { ApiCode, type FieldErrors } from '@yaocai/domain';

/**
 * A refusal the client may show: carries the HTTP status, the envelope code and a Chinese
 * message. Services throw these; the error handler (plugins/envelope.ts) turns them into the
 * `{ code, message, data }` body. Anything else thrown becomes a 500 that hides its details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: number = statusCode,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 422 with field messages, e.g. fieldError('code', '验证码错误'). */
export function validationError(errors: FieldErrors, message?: string): AppError {
  const first = Object.values(errors).find((list) => list.length > 0)?.[0];
  return new AppError(422, message ?? first ?? '提交的数据有误', ApiCode.validation, { errors });
}

export const fieldError = (field: string, message: string): AppError =>
  validationError({ [field]: [message] });

export const notLoggedIn = (): AppError => new AppError(401, '请先登录', ApiCode.notLoggedIn);
export const forbidden = (message = '没有权限访问'): AppError => new AppError(403, message);
export const notFound = (message = '数据不存在或已被删除'): AppError => new AppError(404, message);
export const conflict = (message: string): AppError => new AppError(409, message);
export const refusal = (message: string, status = 400): AppError => new AppError(status, message);
export const contractNotSigned = (): AppError =>
  new AppError(459, '请先签署电子采购合同', ApiCode.contractNotSigned);
export const tooManyRequests = (message: string): AppError => new AppError(429, message);
