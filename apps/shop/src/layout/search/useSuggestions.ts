import type { GoodsSuggestion, SearchType } from '@yaocai/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { http } from '../../lib/http';
import {
  debounce,
  freshCachedList,
  isCacheStale,
  normalizeKey,
  readKeyword,
  readSuggestionCache,
  SUGGEST_DEBOUNCE_MS,
  suggestionOf,
  writeSuggestionCache,
} from './search-logic';

/** GET /api/goods/search?hl=1: suggestions with the parts the keyword matched. */
export const fetchSuggestions = async (keywords: string, type: SearchType) =>
  (
    await http.get<(string | GoodsSuggestion)[]>('/api/goods/search', { params: { keywords, type, hl: 1 } })
  ).map(suggestionOf);

/**
 * Suggestions for the header search (spec 4): nothing for an empty key, loading while waiting,
 * fetched 500 ms after typing stops, cached in session storage and reused while fresh.
 */
export function useSuggestions() {
  const [list, setList] = useState<GoodsSuggestion[]>([]);
  const [loading, setLoading] = useState(false);
  const latest = useRef('');

  const load = useCallback(async (key: string, type: SearchType) => {
    const cached = freshCachedList(readSuggestionCache(sessionStorage), key, type, Date.now());
    if (cached) {
      setList(cached);
      setLoading(false);
      return;
    }
    try {
      const result = await fetchSuggestions(key, type);
      writeSuggestionCache(sessionStorage, { key, type, list: result, at: Date.now() });
      if (latest.current === `${type}:${key}`) setList(result);
    } catch {
      if (latest.current === `${type}:${key}`) setList([]);
    } finally {
      if (latest.current === `${type}:${key}`) setLoading(false);
    }
  }, []);

  const debounced = useMemo(() => debounce(load, SUGGEST_DEBOUNCE_MS), [load]);
  useEffect(() => debounced.cancel, [debounced]);

  // On header creation a cached list older than 5000 ms for the kept keyword is refreshed.
  useEffect(() => {
    const entry = readSuggestionCache(sessionStorage);
    const kept = readKeyword(sessionStorage);
    if (entry?.key && entry.key === kept.key && isCacheStale(entry, Date.now())) {
      fetchSuggestions(entry.key, entry.type)
        .then((fresh) => writeSuggestionCache(sessionStorage, { ...entry, list: fresh, at: Date.now() }))
        .catch(() => undefined);
    }
  }, []);

  /** Call on every change of key or type. Returns whether the list should be open. */
  const request = useCallback(
    (rawKey: string, type: SearchType): boolean => {
      const key = normalizeKey(rawKey);
      latest.current = `${type}:${key}`;
      if (!key) {
        debounced.cancel();
        setList([]);
        setLoading(false);
        return false;
      }
      setLoading(true);
      debounced(key, type);
      return true;
    },
    [debounced],
  );

  return { list, loading, request };
}
