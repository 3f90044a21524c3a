import { useMutation } from '@tanstack/react-query';
import type { DraftToken, ForgetVerifyInput, ResetPasswordInput } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** POST /api/user/forget/verify: phone + SMS code -> reset token. */
export const useForgetVerify = () =>
  useMutation({
    mutationFn: (input: ForgetVerifyInput) =>
      http.post<DraftToken>('/api/user/forget/verify', input, { silent: true }),
  });

/** POST /api/user/resetPassword with the reset token. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      http.post<null>('/api/user/resetPassword', input, { silent: true }),
  });
