import { useQuery } from '@tanstack/react-query';
import type { CombinationView } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** GET /api/combination/list: the packages of /zhzq. */
export const useCombinations = () =>
  useQuery({
    queryKey: ['combinations'],
    queryFn: () => http.get<CombinationView[]>('/api/combination/list'),
  });
