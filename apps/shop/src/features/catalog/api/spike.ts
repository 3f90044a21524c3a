import { useQuery } from '@tanstack/react-query';
import type { SpikeIndexData } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const spikeKey = ['index', 'spike'] as const;

/** GET /api/index/spike: the flash sale's running and upcoming slots (home floor, detail page). */
export function useSpike() {
  return useQuery({
    queryKey: spikeKey,
    queryFn: ({ signal }) => http.get<SpikeIndexData>('/api/index/spike', { signal, silent: true }),
    // Sold counts move while the page is open: refresh them now and then.
    refetchInterval: 30_000,
  });
}
