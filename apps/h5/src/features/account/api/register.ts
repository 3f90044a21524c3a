import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateCodeInput,
  DraftToken,
  ForgetVerifyInput,
  RegisterCompanyInput,
  RegisterSubmitInput,
  RegisterVerifyInput,
  ResetPasswordInput,
  SignedInUser,
  UploadedFile,
} from '@yaocai/domain';
import { http } from '../../../lib/http';

// The calls of registration and password reset, the PC shop's (apps/shop features/account/api):
// every form handles its own refusals (silent), showing 422 messages at their fields.
const silent = { silent: true };

/** POST /api/user/create_code: an SMS code for registration or a password reset. */
export const useCreateCode = () =>
  useMutation({
    mutationFn: (input: CreateCodeInput) => http.post<null>('/api/user/create_code', input, silent),
  });

/** POST /api/register/verify: phone + code + password -> the draft token of steps 2 and 3. */
export const useRegisterVerify = () =>
  useMutation({
    mutationFn: (input: RegisterVerifyInput) => http.post<DraftToken>('/api/register/verify', input, silent),
  });

/** POST /api/register/company: the company's details onto the draft. */
export const useRegisterCompany = () =>
  useMutation({
    mutationFn: (input: RegisterCompanyInput) => http.post<null>('/api/register/company', input, silent),
  });

/** POST /api/register/submit: creates the account (qualifications pending review) and logs it in. */
export function useRegisterSubmit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterSubmitInput) =>
      http.post<SignedInUser>('/api/register/submit', input, silent),
    onSuccess: () => client.resetQueries(),
  });
}

/** POST /api/upload with the draft token (sent before the file): a licence photo. */
export function uploadLicence(file: File, token: string) {
  const form = new FormData();
  form.append('token', token);
  form.append('file', file);
  return http.upload<UploadedFile>('/api/upload', form, silent);
}

/** POST /api/user/forget/verify: phone + SMS code -> the reset token. */
export const useForgetVerify = () =>
  useMutation({
    mutationFn: (input: ForgetVerifyInput) => http.post<DraftToken>('/api/user/forget/verify', input, silent),
  });

/** POST /api/user/resetPassword with the reset token. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: ResetPasswordInput) => http.post<null>('/api/user/resetPassword', input, silent),
  });
