import type { FormInstance } from 'antd';
import { ApiError } from './http';

/** What to tell the buyer of a refused call: the server's message, or a generic one. */
export function apiErrorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : '系统繁忙，请稍候再试';
}

/** A 422's messages by field name (nested names like `qualifications.0.number`), if any. */
export function apiFieldErrors(error: unknown): Record<string, string[]> | undefined {
  if (!(error instanceof ApiError) || error.code !== 422) return undefined;
  return (error.data as { errors?: Record<string, string[]> } | null)?.errors ?? undefined;
}

/**
 * Puts a 422's field messages on the form fields (nested names like `qualifications.0.number`
 * become paths); returns the message to show when the error is not about a field on the form.
 */
export function applyApiError(form: FormInstance, error: unknown): string {
  const errors = apiFieldErrors(error);
  if (errors) {
    const fields = Object.entries(errors).map(([name, messages]) => ({
      name: name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: messages,
    }));
    const known = fields.filter((f) => form.getFieldInstance(f.name as never) !== undefined);
    form.setFields(known as never);
  }
  return apiErrorMessage(error);
}
