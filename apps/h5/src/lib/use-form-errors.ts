import { useState } from 'react';
import { type FieldErrors, fieldErrors, formMessage } from './field-errors';

/**
 * A form's refusal state: messages at its fields (`fields` names them) and one above it for a
 * refusal no field owns. `fail` takes what a mutation threw; `set` puts a message of the form's own.
 */
export function useFormErrors(fields: readonly string[], aliases: Record<string, string> = {}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  return {
    errors,
    message,
    clear() {
      setErrors({});
      setMessage('');
    },
    set(field: string, text: string) {
      setErrors((current) => ({ ...current, [field]: text }));
    },
    fail(error: unknown) {
      const named = fieldErrors(error, aliases);
      setErrors(named ?? {});
      setMessage(formMessage(error, named, fields));
    },
  };
}
