import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractData } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

const contractKey = ['user', 'contract'] as const;

/** GET /api/user/contract: the purchase contract (电子合同) of the buyer's company. */
export const useContract = () =>
  useQuery({ queryKey: contractKey, queryFn: () => http.get<ContractData>('/api/user/contract') });

/** POST /api/user/contract/sign: sign it; user state and contract reload. */
export function useSignContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<null>('/api/user/contract/sign'),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: contractKey });
      await client.invalidateQueries({ queryKey: queryKeys.userBase });
    },
  });
}
