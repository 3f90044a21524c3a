import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  debounce,
  freshCachedList,
  isCacheStale,
  isScannedBarcode,
  moveHighlight,
  normalizeKey,
  readKeyword,
  readSuggestionCache,
  SUGGEST_DEBOUNCE_MS,
  scannedGoodsId,
  searchUrl,
  stickyVisible,
  writeKeyword,
  writeSuggestionCache,
} from './search-logic';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

afterEach(() => vi.useRealTimers());

describe('search key', () => {
  it('is trimmed; the search URL carries key and type', () => {
    expect(normalizeKey('  阿莫西林 ')).toBe('阿莫西林');
    expect(normalizeKey('   ')).toBe('');
    expect(searchUrl(' amxl ', 1)).toBe('/search?keywords=amxl&type=1');
    expect(searchUrl('阿莫西林', 0)).toBe(`/search?keywords=${encodeURIComponent('阿莫西林')}&type=0`);
  });
});

describe('moveHighlight: Down/Up with wraparound', () => {
  it('starts at the first item on Down and the last on Up', () => {
    expect(moveHighlight(-1, 1, 3)).toBe(0);
    expect(moveHighlight(-1, -1, 3)).toBe(2);
  });
  it('wraps at both ends', () => {
    expect(moveHighlight(2, 1, 3)).toBe(0);
    expect(moveHighlight(0, -1, 3)).toBe(2);
    expect(moveHighlight(1, 1, 3)).toBe(2);
    expect(moveHighlight(1, -1, 3)).toBe(0);
  });
  it('an empty list highlights nothing', () => {
    expect(moveHighlight(0, 1, 0)).toBe(-1);
  });
});

describe('debounce: suggestions 500 ms after typing stops', () => {
  it('runs once, with the last arguments, 500 ms after the last call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const run = debounce(fn, SUGGEST_DEBOUNCE_MS);
    run('a');
    vi.advanceTimersByTime(300);
    run('am');
    vi.advanceTimersByTime(499);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('am');
  });
  it('cancel drops the pending run', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const run = debounce(fn, 500);
    run();
    run.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('suggestion cache in session storage (5000 ms staleness)', () => {
  it('is stale only when older than 5000 ms', () => {
    expect(isCacheStale({ at: 1000 }, 6000)).toBe(false);
    expect(isCacheStale({ at: 1000 }, 6001)).toBe(true);
  });
  it('serves a fresh list for the same key and type only', () => {
    const storage = memoryStorage();
    const list = [{ text: '阿莫西林胶囊', hl: [[0, 4]] as [number, number][] }];
    writeSuggestionCache(storage, { key: 'amxl', type: 0, list, at: 10_000 });
    const entry = readSuggestionCache(storage);
    expect(freshCachedList(entry, 'amxl', 0, 12_000)).toEqual(list);
    expect(freshCachedList(entry, 'amxl', 1, 12_000)).toBeUndefined();
    expect(freshCachedList(entry, 'am', 0, 12_000)).toBeUndefined();
    expect(freshCachedList(entry, 'amxl', 0, 15_001)).toBeUndefined();
  });
  it('survives garbage in storage', () => {
    const storage = memoryStorage();
    storage.setItem('yaocai.searchSuggestions', '{oops');
    expect(readSuggestionCache(storage)).toBeUndefined();
  });
});

describe('keyword kept in session storage', () => {
  it('round-trips key and type, defaulting to an empty drug search', () => {
    const storage = memoryStorage();
    expect(readKeyword(storage)).toEqual({ key: '', type: 0 });
    writeKeyword(storage, '同仁堂', 1);
    expect(readKeyword(storage)).toEqual({ key: '同仁堂', type: 1 });
  });
});

describe('sticky search bar', () => {
  it('appears from 205 px of scroll', () => {
    expect(stickyVisible(204)).toBe(false);
    expect(stickyVisible(205)).toBe(true);
  });
});

describe('a scanned barcode', () => {
  // 6901234567892: a valid EAN-13 (check digit 2); 6901234567893 is not.
  it('is 13 digits with a right check digit, however fast they were typed', () => {
    expect(isScannedBarcode('6901234567892')).toBe(true);
  });
  it('refuses a wrong check digit, another length and letters', () => {
    expect(isScannedBarcode('6901234567893')).toBe(false);
    expect(isScannedBarcode('690123456789')).toBe(false);
    expect(isScannedBarcode('69012345678920')).toBe(false);
    expect(isScannedBarcode('69O1234567892')).toBe(false);
  });
  it('opens a goods only when exactly one has the barcode', () => {
    expect(scannedGoodsId({ total: 1, list: [{ id: 42 }] })).toBe(42);
    expect(scannedGoodsId({ total: 0, list: [] })).toBeNull();
    expect(scannedGoodsId({ total: 2, list: [{ id: 1 }, { id: 2 }] })).toBeNull();
  });
});
