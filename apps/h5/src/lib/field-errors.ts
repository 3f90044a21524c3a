import { ApiError } from './http';

/** The first message of each field a 422 named, keyed by the field's name (`qualifications.0.number`). */
export type FieldErrors = Record<string, string>;

/**
 * A form's field messages from a refusal: the 422's `data.errors`, first message per field, with
 * `aliases` folding server fields into the one control that edits them (province, city and
 * district into one region picker). Null when the refusal is not about fields.
 */
export function fieldErrors(error: unknown, aliases: Record<string, string> = {}): FieldErrors | null {
  if (!(error instanceof ApiError) || error.code !== 422) return null;
  const errors = (error.data as { errors?: Record<string, string[]> } | null)?.errors;
  if (!errors) return null;
  const out: FieldErrors = {};
  for (const [name, messages] of Object.entries(errors)) {
    const field = aliases[name] ?? name;
    if (messages[0] && !out[field]) out[field] = messages[0];
  }
  return Object.keys(out).length ? out : null;
}

/** The message to show above a form when a refusal names no field of it (or none at all). */
export function formMessage(error: unknown, errors: FieldErrors | null, known: readonly string[]): string {
  if (errors && Object.keys(errors).some((name) => known.includes(name))) return '';
  if (errors) return Object.values(errors)[0];
  return error instanceof Error && error.message ? error.message : '系统繁忙，请稍候再试';
}
