import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { creditLimitBody, creditView } from '@yaocai/domain';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { buyerKeys } from './find-buyers';

export type CreditInput = z.input<typeof creditLimitBody>;

/** POST /api/admin/users/:id/credit (财务: credit:write) */
export const setCredit = ({ userId, ...body }: CreditInput & { userId: number }) =>
  http.post<z.infer<typeof creditView>>(`/api/admin/users/${userId}/credit`, body);

export function useSetCredit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setCredit,
    onSuccess: () => client.invalidateQueries({ queryKey: buyerKeys.all }),
  });
}
