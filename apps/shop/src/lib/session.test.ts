import { describe, expect, it } from 'vitest';
import { consumeLoginFlag, LOGIN_FLAG_KEY, setLoginFlag } from './session';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

describe('session login flag: reload once after the next navigation', () => {
  it('no flag: no reload', () => {
    expect(consumeLoginFlag(memoryStorage())).toBe(false);
  });
  it('flag set: reload once, then never again', () => {
    const storage = memoryStorage();
    setLoginFlag(storage);
    expect(storage.map.has(LOGIN_FLAG_KEY)).toBe(true);
    expect(consumeLoginFlag(storage)).toBe(true);
    expect(storage.map.has(LOGIN_FLAG_KEY)).toBe(false);
    expect(consumeLoginFlag(storage)).toBe(false);
  });
});
