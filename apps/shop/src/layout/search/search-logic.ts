import { type GoodsSuggestion, isValidEan13, type SearchType } from '@yaocai/domain';

/** Constants of spec sections 4 and 9. */
export const SUGGEST_DEBOUNCE_MS = 500;
export const SUGGEST_CACHE_STALE_MS = 5000;
export const STICKY_SCROLL_PX = 205;
export const STICKY_DELAY_MS = 100;
export const SEARCH_PLACEHOLDER = '药品名称/厂家名称（支持拼音首字母）';
export const searchTypes: { value: SearchType; label: string }[] = [
  { value: 0, label: '药品' },
  { value: 1, label: '厂家' },
];

/** The key as submitted: trimmed (spec 5); empty means no request. */
export const normalizeKey = (key: string) => key.trim();

export function searchUrl(key: string, type: SearchType): string {
  return `/search?keywords=${encodeURIComponent(normalizeKey(key))}&type=${type}`;
}

/**
 * Next highlighted suggestion for Down (+1) / Up (-1), wrapping around at both ends.
 * -1 means nothing highlighted.
 */
export function moveHighlight(current: number, delta: 1 | -1, length: number): number {
  if (length <= 0) return -1;
  if (current < 0) return delta === 1 ? 0 : length - 1;
  return (current + delta + length) % length;
}

export const stickyVisible = (scrollY: number) => scrollY >= STICKY_SCROLL_PX;

/** Trailing-edge debounce: runs `fn` once `ms` after the last call; `cancel` drops a pending run. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  run.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return run;
}

/** The suggestion list cached in session storage (spec 4), with the time it was fetched. */
export interface SuggestionCache {
  key: string;
  type: SearchType;
  list: GoodsSuggestion[];
  at: number;
}

/**
 * A suggestion as the dropdown shows it: GET /api/goods/search?hl=1 sends each with the parts the
 * keyword matched; a plain string (a server without highlights, an older cache) has none.
 */
export const suggestionOf = (item: string | GoodsSuggestion): GoodsSuggestion =>
  typeof item === 'string' ? { text: item, hl: [] } : item;

export const SUGGESTION_CACHE_KEY = 'yaocai.searchSuggestions';
export const KEYWORD_KEY = 'yaocai.searchKeyword';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readSuggestionCache(storage: KeyValueStorage): SuggestionCache | undefined {
  try {
    const raw = storage.getItem(SUGGESTION_CACHE_KEY);
    return raw ? (JSON.parse(raw) as SuggestionCache) : undefined;
  } catch {
    return undefined;
  }
}

export function writeSuggestionCache(storage: KeyValueStorage, entry: SuggestionCache): void {
  storage.setItem(SUGGESTION_CACHE_KEY, JSON.stringify(entry));
}

/** A cache older than 5000 ms is refreshed (spec 4). */
export function isCacheStale(entry: Pick<SuggestionCache, 'at'>, now: number): boolean {
  return now - entry.at > SUGGEST_CACHE_STALE_MS;
}

/** The cached list for this key and type, if it is fresh. */
export function freshCachedList(
  entry: SuggestionCache | undefined,
  key: string,
  type: SearchType,
  now: number,
): GoodsSuggestion[] | undefined {
  if (!entry || entry.key !== key || entry.type !== type || isCacheStale(entry, now)) return undefined;
  return entry.list.map(suggestionOf);
}

/** The search keyword and type kept in session storage (spec 3, global state). */
export function readKeyword(storage: KeyValueStorage): { key: string; type: SearchType } {
  try {
    const raw = storage.getItem(KEYWORD_KEY);
    if (!raw) return { key: '', type: 0 };
    const parsed = JSON.parse(raw) as { key?: unknown; type?: unknown };
    return { key: typeof parsed.key === 'string' ? parsed.key : '', type: parsed.type === 1 ? 1 : 0 };
  } catch {
    return { key: '', type: 0 };
  }
}

export function writeKeyword(storage: KeyValueStorage, key: string, type: SearchType): void {
  storage.setItem(KEYWORD_KEY, JSON.stringify({ key, type }));
}

/**
 * Whether the box holds a barcode: exactly 13 digits with a right check digit (EAN-13). A
 * scanner types it like a keyboard and presses Enter; a pharmacist typing the digits off the box
 * means the same goods, so the speed of the keys does not matter (a rule on it failed whenever
 * the browser was busy).
 */
export function isScannedBarcode(text: string): boolean {
  return /^\d{13}$/.test(text) && isValidEan13(text);
}

/** The goods a barcode opens: exactly one goods found by it, or none (then the box searches). */
export const scannedGoodsId = (found: { total: number; list: { id: number }[] }): number | null =>
  found.total === 1 && found.list.length === 1 ? found.list[0].id : null;
