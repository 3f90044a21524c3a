import { afterEach, describe, expect, it, vi } from 'vitest';
import { CachedSessionStore, type SessionData, type SessionStore } from './session-store';

/** A store that counts its reads: the cache is judged by what reaches it. */
function countingStore() {
  const rows = new Map<string, SessionData>();
  const store: SessionStore & { reads: number } = {
    reads: 0,
    async get(id) {
      store.reads++;
      return rows.get(id);
    },
    async set(id, data) {
      rows.set(id, data);
    },
    async destroy(id) {
      rows.delete(id);
    },
  };
  return { store, rows };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('CachedSessionStore', () => {
  it('reads a session once per cache time, then again', async () => {
    vi.useFakeTimers();
    const { store } = countingStore();
    const cached = new CachedSessionStore(store, 1000);
    await cached.set('a', { userId: 1 }, 60);
    expect(await cached.get('a')).toEqual({ userId: 1 });
    expect(await cached.get('a')).toEqual({ userId: 1 });
    expect(store.reads).toBe(1);
    vi.advanceTimersByTime(1001);
    await cached.get('a');
    expect(store.reads).toBe(2);
  });

  it('ends a session at once when this process destroys or replaces it', async () => {
    const { store } = countingStore();
    const cached = new CachedSessionStore(store, 60_000);
    await cached.set('a', { userId: 1 }, 60);
    await cached.get('a');
    await cached.destroy('a');
    expect(await cached.get('a')).toBeUndefined();
    await cached.set('b', { userId: 1 }, 60);
    await cached.get('b');
    await cached.set('b', { userId: 2 }, 60);
    expect(await cached.get('b')).toEqual({ userId: 2 });
  });

  it('forgets every session of a buyer (password changed), and keeps others', async () => {
    const { store, rows } = countingStore();
    const cached = new CachedSessionStore(store, 60_000);
    await cached.set('a', { userId: 1 }, 60);
    await cached.set('b', { userId: 1 }, 60);
    await cached.set('c', { userId: 2 }, 60);
    for (const id of ['a', 'b', 'c']) await cached.get(id);
    // Ended in the database by another statement (as the password reset does).
    rows.delete('a');
    rows.delete('b');
    cached.forgetUser(1);
    expect(await cached.get('a')).toBeUndefined();
    expect(await cached.get('b')).toBeUndefined();
    const reads = store.reads;
    expect(await cached.get('c')).toEqual({ userId: 2 });
    expect(store.reads).toBe(reads);
  });

  it('honours a session ended elsewhere for at most the cache time', async () => {
    vi.useFakeTimers();
    const { store, rows } = countingStore();
    const cached = new CachedSessionStore(store, 1000);
    await cached.set('a', { userId: 1 }, 60);
    await cached.get('a');
    rows.delete('a'); // another process logged it out
    vi.advanceTimersByTime(999);
    expect(await cached.get('a')).toEqual({ userId: 1 });
    vi.advanceTimersByTime(2);
    expect(await cached.get('a')).toBeUndefined();
  });

  it('keeps nothing with a cache time of 0, and never keeps a missing session', async () => {
    const { store } = countingStore();
    const off = new CachedSessionStore(store, 0);
    await off.set('a', { userId: 1 }, 60);
    await off.get('a');
    await off.get('a');
    expect(store.reads).toBe(2);
    const on = new CachedSessionStore(store, 60_000);
    await on.get('missing');
    await on.set('missing', { userId: 3 }, 60);
    expect(await on.get('missing')).toEqual({ userId: 3 });
  });

  it('holds at most maxEntries sessions', async () => {
    const { store } = countingStore();
    const cached = new CachedSessionStore(store, 60_000, 2);
    for (const id of ['a', 'b', 'c']) {
      await cached.set(id, { userId: 1 }, 60);
      await cached.get(id);
    }
    const reads = store.reads;
    await cached.get('c');
    expect(store.reads).toBe(reads);
    await cached.get('a');
    expect(store.reads).toBe(reads + 1);
  });
});
