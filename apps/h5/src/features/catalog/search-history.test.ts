import { describe, expect, it } from 'vitest';
import { rememberSearch, SEARCH_HISTORY_KEY, SEARCH_HISTORY_MAX, searchHistory } from './search-history';

const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
};

describe('search history', () => {
  it('puts the newest first, once, and keeps the last ten', () => {
    const store = memory();
    for (let i = 0; i < 12; i++) rememberSearch(store, `k${i}`);
    expect(rememberSearch(store, 'k5')).toEqual([
      'k5',
      'k11',
      'k10',
      'k9',
      'k8',
      'k7',
      'k6',
      'k4',
      'k3',
      'k2',
    ]);
    expect(searchHistory(store)).toHaveLength(SEARCH_HISTORY_MAX);
  });

  it('reads nothing from a broken entry', () => {
    const store = memory();
    store.setItem(SEARCH_HISTORY_KEY, '{not json');
    expect(searchHistory(store)).toEqual([]);
    store.setItem(SEARCH_HISTORY_KEY, '{"a":1}');
    expect(searchHistory(store)).toEqual([]);
  });
});
