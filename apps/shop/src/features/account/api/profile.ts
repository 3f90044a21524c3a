import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserInfoInput } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/user/updateUserInfo; the header and member centre follow. */
export function useUpdateUserInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInfoInput) =>
      http.post<{ phone: string }>('/api/user/updateUserInfo', input, { silent: true }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.userBase }),
        client.invalidateQueries({ queryKey: ['member-centre'] }),
      ]),
  });
}
