import type { FormInstance } from 'antd';
import { ApiError } from './http';

/**
 * Puts a 422's field messages on the form fields (nested names like `qualifications.0.number`
 * become paths); returns the message to show when the error is not about a field on the form.
 */
export function applyApiError(form: FormInstance, error: unknown): string {
  if (!(error instanceof ApiError)) return '系统繁忙，请稍候再试';
  const errors = (error.data as { errors?: Record<string, string[]> } | null)?.errors;
  if (error.code === 422 && errors) {
    const fields = Object.entries(errors).map(([name, messages]) => ({
      name: name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: messages,
    }));
    const known = fields.filter((f) => form.getFieldInstance(f.name as never) !== undefined);
    form.setFields(known as never);
  }
  return error.message;
}
