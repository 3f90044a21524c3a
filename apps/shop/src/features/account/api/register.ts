import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DraftToken,
  RegisterCompanyInput,
  RegisterDdSubmitInput,
  RegisterSubmitInput,
  RegisterVerifyInput,
  SignedInUser,
} from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

const silent = { silent: true };

/** POST /api/register/verify (or /api/register/dd/verify): phone + code + password -> draft token. */
export const useRegisterVerify = (variant: 'register' | 'dd') =>
  useMutation({
    mutationFn: (input: RegisterVerifyInput) =>
      http.post<DraftToken>(
        variant === 'dd' ? '/api/register/dd/verify' : '/api/register/verify',
        input,
        silent,
      ),
  });

/** POST /api/register/company: company details onto the draft. */
export const useRegisterCompany = () =>
  useMutation({
    mutationFn: (input: RegisterCompanyInput) => http.post<null>('/api/register/company', input, silent),
  });

/** POST /api/register/submit: creates the account (qualifications pending) and logs in. */
export function useRegisterSubmit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterSubmitInput) =>
      http.post<SignedInUser>('/api/register/submit', input, silent),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.userBase }),
  });
}

/** POST /api/register/dd/submit: adds the verified store to the current company. */
export function useRegisterStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterDdSubmitInput) =>
      http.post<SignedInUser>('/api/register/dd/submit', input, silent),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.userBase }),
  });
}
