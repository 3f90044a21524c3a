import type { FormInstance } from 'antd';
import { ApiError } from './http';

/**
 * The server's 422 as antd field errors: each message under its field, paths such as
 * `ladder.1.quantity` read as nested names. Empty for any other error.
 */
export function fieldErrors(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  const errors = (error.data as { errors?: Record<string, string[]> } | null)?.errors ?? {};
  return Object.entries(errors).map(([path, messages]) => ({
    name: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    errors: messages,
  }));
}

/** Shows a 422's messages under the form's fields; true when there were some. */
export function showFieldErrors(form: FormInstance, error: unknown): boolean {
  const fields = fieldErrors(error);
  form.setFields(fields as never);
  return fields.length > 0;
}

export { unreportedMessage } from '@yaocai/web-client';
