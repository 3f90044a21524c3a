import { useMutation } from '@tanstack/react-query';
import type { CreateCodeInput } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** POST /api/user/create_code: sends an SMS verification code. */
export const createCode = (input: CreateCodeInput) =>
  http.post<null>('/api/user/create_code', input, { silent: true });

export const useCreateCode = () => useMutation({ mutationFn: createCode });
