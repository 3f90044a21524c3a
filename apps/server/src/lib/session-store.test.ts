import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  deleteRedisKeys,
  sessionStoreKinds,
  type TestContext,
  testRedisPrefix,
  testRedisUrl,
} from '../../test/helpers';
import {
  backingStore,
  CachedSessionStore,
  DbSessionStore,
  RedisSessionStore,
  type SessionData,
  type SessionStore,
} from './session-store';

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
    async destroyUser(userId) {
      for (const [id, data] of rows) if (data.userId === userId) rows.delete(id);
    },
  };
  return { store, rows };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('CachedSessionStore', () => {
  it('names the store underneath it (user/base joins the session when that is the database)', () => {
    const { store } = countingStore();
    expect(backingStore(new CachedSessionStore(new CachedSessionStore(store, 1), 1))).toBe(store);
    expect(backingStore(store)).toBe(store);
  });
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

  it('ends every session of a buyer (password changed) at once, and keeps others', async () => {
    const { store, rows } = countingStore();
    const cached = new CachedSessionStore(store, 60_000);
    await cached.set('a', { userId: 1 }, 60);
    await cached.set('b', { userId: 1 }, 60);
    await cached.set('c', { userId: 2 }, 60);
    for (const id of ['a', 'b', 'c']) await cached.get(id);
    await cached.destroyUser(1);
    expect([...rows.keys()]).toEqual(['c']);
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

/** The two real stores keep one contract; the Redis one runs when TEST_REDIS_URL names a server. */
describe.each(sessionStoreKinds)('%s session store', (kind) => {
  let store: SessionStore;
  let redis: Redis | undefined;
  let ctx: TestContext | undefined;
  const prefix = testRedisPrefix();
  beforeAll(async () => {
    if (kind === 'redis') {
      redis = new Redis(testRedisUrl as string);
      store = new RedisSessionStore(redis, prefix);
    } else {
      ctx = await createTestApp({ seed: false });
      store = new DbSessionStore(ctx.app.db);
    }
  });
  afterAll(async () => {
    if (redis) {
      await deleteRedisKeys(redis, prefix);
      await redis.quit();
    }
    await ctx?.close();
  });
  const id = () => randomBytes(32).toString('base64url');

  it('keeps, replaces and ends a session', async () => {
    const a = id();
    await store.set(a, { userId: 1, loginAt: 5 }, 60);
    expect(await store.get(a)).toEqual({ userId: 1, loginAt: 5 });
    await store.set(a, { userId: 1, loginAt: 6 }, 60);
    expect(await store.get(a)).toEqual({ userId: 1, loginAt: 6 });
    await store.destroy(a);
    expect(await store.get(a)).toBeUndefined();
  });

  it("ends every session of a buyer, whatever their lifetimes, and keeps other buyers' and operators'", async () => {
    const [long, short, loggedOut, other, operator] = [id(), id(), id(), id(), id()];
    await store.set(long, { userId: 10 }, 7 * 24 * 3600);
    await store.set(short, { userId: 10 }, 60);
    await store.set(loggedOut, { userId: 10 }, 60);
    await store.destroy(loggedOut);
    await store.set(other, { userId: 11 }, 60);
    // An operator whose id happens to equal the buyer's.
    await store.set(operator, { operatorId: 10 }, 60);
    await store.destroyUser(10);
    expect(await store.get(long)).toBeUndefined();
    expect(await store.get(short)).toBeUndefined();
    expect(await store.get(other)).toEqual({ userId: 11 });
    expect(await store.get(operator)).toEqual({ operatorId: 10 });
    await store.destroyUser(10);
    await store.destroyUser(999);
    // A session started after the reset is not touched by it.
    const later = id();
    await store.set(later, { userId: 10 }, 60);
    expect(await store.get(later)).toEqual({ userId: 10 });
  });

  it.runIf(kind === 'redis')(
    "lists a buyer's sessions as long as the longest lives, drops expired ids, leaves no key behind",
    async () => {
      const r = redis as Redis;
      const list = `${prefix}user-sess:20`;
      const [long, brief, next] = [id(), id(), id()];
      await store.set(long, { userId: 20 }, 3600);
      await store.set(brief, { userId: 20 }, 1);
      expect(await r.pttl(list)).toBeGreaterThan(3_500_000);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await store.get(brief)).toBeUndefined();
      await store.set(next, { userId: 20 }, 60);
      expect((await r.zrange(list, 0, -1)).sort()).toEqual([long, next].sort());
      await store.destroyUser(20);
      expect(await r.exists(list, `${prefix}sess:${long}`, `${prefix}sess:${next}`)).toBe(0);
    },
  );
});
