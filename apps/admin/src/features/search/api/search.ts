import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SearchStatsRow, SynonymView } from '@yaocai/domain';
import qs from 'qs';
import { http } from '../../../lib/http';

interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface SynonymQuery {
  keyword?: string;
  page: number;
  page_size: number;
}
export interface StatsQuery {
  view: 'zero' | 'top';
  from?: string;
  to?: string;
  keyword?: string;
  page: number;
  page_size: number;
}
export interface SynonymInput {
  term: string;
  expansions: string[];
  two_way: boolean;
}

const query = (q: object) =>
  qs.stringify(q, { skipNulls: true, filter: (_, v) => (v === '' ? undefined : v) });

/** GET /api/admin/search/synonyms */
export const listSynonyms = (q: SynonymQuery) =>
  http.get<Page<SynonymView>>(`/api/admin/search/synonyms?${query(q)}`);
export const useSynonyms = (q: SynonymQuery) =>
  useQuery({
    queryKey: ['admin-synonyms', q],
    queryFn: () => listSynonyms(q),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/search/stats */
export const listSearchStats = (q: StatsQuery) =>
  http.get<Page<SearchStatsRow>>(`/api/admin/search/stats?${query(q)}`);
export const useSearchStats = (q: StatsQuery) =>
  useQuery({
    queryKey: ['admin-search-stats', q],
    queryFn: () => listSearchStats(q),
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/search/synonyms (add) or /:id (change) */
export const saveSynonym = ({ id, body }: { id: number | null; body: SynonymInput }) =>
  http.post<SynonymView>(
    id === null ? '/api/admin/search/synonyms' : `/api/admin/search/synonyms/${id}`,
    body,
  );
/** POST /api/admin/search/synonyms/:id/delete */
export const deleteSynonym = ({ id }: { id: number }) =>
  http.post<null>(`/api/admin/search/synonyms/${id}/delete`);

function useSynonymWrite<T>(call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin-synonyms'] }),
        // The statistics name each keyword's alias.
        client.invalidateQueries({ queryKey: ['admin-search-stats'] }),
      ]),
  });
}
export const useSaveSynonym = () => useSynonymWrite(saveSynonym);
export const useDeleteSynonym = () => useSynonymWrite(deleteSynonym);
