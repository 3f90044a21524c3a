export const SEARCH_HISTORY_KEY = 'yaocai.m.searchHistory';
export const SEARCH_HISTORY_MAX = 10;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The buyer's last searches, newest first (nothing when the storage holds something else). */
export function searchHistory(store: Store): string[] {
  try {
    const list: unknown = JSON.parse(store.getItem(SEARCH_HISTORY_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/** Puts a search first (once), keeps the last ten, and answers the new list. */
export function rememberSearch(store: Store, keywords: string): string[] {
  const list = [keywords, ...searchHistory(store).filter((s) => s !== keywords)].slice(0, SEARCH_HISTORY_MAX);
  store.setItem(SEARCH_HISTORY_KEY, JSON.stringify(list));
  return list;
}
