import { clientMessages, type FieldErrors, firstFieldMessage } from '@yaocai/domain/api/codes';

/** The message the login form shows for a failed sign-in. */
export function loginErrorText(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error) {
    const { code, message, data } = error as { code: number; message: string; data: unknown };
    if (code === 422) return firstFieldMessage((data as { errors?: FieldErrors } | null)?.errors) ?? message;
    if (code >= 500 || code === 0) return clientMessages.serverBusy;
    return message || '登录失败，请重试';
  }
  return '登录失败，请重试';
}
