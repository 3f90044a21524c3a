import { clientMessages, type FieldErrors, firstFieldMessage } from './codes';

/**
 * The error catalogue of spec section 8 as one pure decision, shared by the shop's and the
 * operator console's HTTP clients (each maps the action to its own toast, alert and router).
 */
export type RefusalAction =
  | { kind: 'login' }
  | { kind: 'contract'; text: string }
  | { kind: 'toast'; text: string }
  | { kind: 'alert'; title: string; text: string };

export function refusalAction(refusal: {
  code: number;
  status: number;
  message: string;
  data: unknown;
}): RefusalAction {
  const { code, status, message, data } = refusal;
  if (code === 10001 || code === 401 || status === 401) return { kind: 'login' };
  if (code === 459) return { kind: 'contract', text: message };
  if (code === 422) {
    const errors = (data as { errors?: FieldErrors } | null)?.errors;
    return { kind: 'toast', text: firstFieldMessage(errors) ?? message };
  }
  if (code >= 500 || code === 0) return { kind: 'toast', text: clientMessages.serverBusy };
  return { kind: 'alert', title: clientMessages.alertTitle, text: message };
}
