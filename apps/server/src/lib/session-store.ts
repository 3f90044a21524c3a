import { eq, lt, sql } from 'drizzle-orm';
import type { ChainableCommander, Redis } from 'ioredis';
import type { Db } from '../db/client';
import { rawRows, selectList, statement } from '../db/raw';
import { sessions } from '../db/schema';

export interface SessionData {
  /** Logged-in buyer (store user) id. */
  userId?: number;
  /** Logged-in operator id (the operator scope uses its own cookie). */
  operatorId?: number;
  /** The operator's session version at sign-in (a disable or password reset raises it). */
  operatorVersion?: number;
  /** Unix ms of the last login. */
  loginAt?: number;
}

/** Where server-side sessions live: the database by default, Redis when REDIS_URL is set. */
export interface SessionStore {
  get(id: string): Promise<SessionData | undefined>;
  set(id: string, data: SessionData, ttlSeconds: number): Promise<void>;
  destroy(id: string): Promise<void>;
  /** Ends every session of a buyer (a new password). */
  destroyUser(userId: number): Promise<void>;
}

const sessionById = statement(
  'session_by_id',
  sql`select ${selectList({ data: sessions.data, expiresAt: sessions.expiresAt })} from ${sessions}
    where ${sessions.id} = ${sql.placeholder('id')} limit 1`,
);

export class DbSessionStore implements SessionStore {
  private lastSweep = 0;
  constructor(private readonly db: Db) {}

  async get(id: string) {
    // Read on every logged-in request: a prepared statement without ORM mapping (db/raw.ts).
    const [row] = await rawRows<{ data: unknown; expiresAt: Date }>(this.db, sessionById, [id]);
    if (!row) return undefined;
    if (row.expiresAt.getTime() < Date.now()) {
      await this.destroy(id);
      return undefined;
    }
    return row.data as SessionData;
  }

  async set(id: string, data: SessionData, ttlSeconds: number) {
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    await this.db
      .insert(sessions)
      .values({ id, data, expiresAt })
      .onConflictDoUpdate({ target: sessions.id, set: { data, expiresAt } });
    // Expired rows are swept at most once an hour, on a write.
    if (Date.now() - this.lastSweep > 3_600_000) {
      this.lastSweep = Date.now();
      await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    }
  }

  async destroy(id: string) {
    await this.db.delete(sessions).where(eq(sessions.id, id));
  }

  async destroyUser(userId: number) {
    await this.db.delete(sessions).where(sql`(${sessions.data}->>'userId')::int = ${userId}`);
  }
}

/**
 * Sessions in Redis, each a key that expires with it. A buyer's sessions are also listed in a
 * sorted set of session ids scored by their expiry (ms), so that a new password can end them
 * all: the list drops members whose time has passed whenever a session is added, and itself
 * lives as long as its longest session. A logout only deletes the session's key; its id leaves
 * the list when it would have expired. Needs Redis 7 (EXPIRE NX and GT).
 */
export class RedisSessionStore implements SessionStore {
  /** `prefix` starts every key (REDIS_PREFIX), so several deployments or test runs can share a server. */
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'yc:',
  ) {}

  private sessionKey(id: string) {
    return `${this.prefix}sess:${id}`;
  }

  private userKey(userId: number) {
    return `${this.prefix}user-sess:${userId}`;
  }

  async get(id: string) {
    const raw = await this.redis.get(this.sessionKey(id));
    return raw ? (JSON.parse(raw) as SessionData) : undefined;
  }

  async set(id: string, data: SessionData, ttlSeconds: number) {
    const key = this.sessionKey(id);
    if (!data.userId) {
      await this.redis.set(key, JSON.stringify(data), 'EX', ttlSeconds);
      return;
    }
    const now = Date.now();
    const userKey = this.userKey(data.userId);
    await execAll(
      this.redis
        .multi()
        .set(key, JSON.stringify(data), 'EX', ttlSeconds)
        .zadd(userKey, now + ttlSeconds * 1000, id)
        .zremrangebyscore(userKey, '-inf', now)
        // NX gives a new list its first expiry; GT only ever lengthens it.
        .expire(userKey, ttlSeconds, 'NX')
        .expire(userKey, ttlSeconds, 'GT'),
    );
  }

  async destroy(id: string) {
    await this.redis.del(this.sessionKey(id));
  }

  async destroyUser(userId: number) {
    const userKey = this.userKey(userId);
    const ids = await this.redis.zrange(userKey, 0, -1);
    if (ids.length === 0) return;
    // Only the ids read are removed from the list: a session added meanwhile stays listed.
    await execAll(
      this.redis
        .multi()
        .del(...ids.map((id) => this.sessionKey(id)))
        .zrem(userKey, ...ids),
    );
  }
}

/** Runs a MULTI, failing when any of its commands failed (EXEC itself reports them per command). */
async function execAll(multi: ChainableCommander) {
  const failed = (await multi.exec())?.find(([error]) => error);
  if (failed) throw failed[0];
}

/** The store that keeps the sessions, under any cache. */
export function backingStore(store: SessionStore): SessionStore {
  return store instanceof CachedSessionStore ? backingStore(store.inner) : store;
}

/**
 * A per-process read cache in front of a store, for SESSION_CACHE_MS (default 1 s; 0 = off):
 * every logged-in request reads its session, and a page makes several calls within a second.
 * Logins, logouts and password changes made through this process take effect here at once
 * (set, destroy and destroyUser drop the entries); a session ended by another process is still
 * honoured here for at most the cache time (design.md: per-process, short-lived caches). Only
 * found sessions are kept, and at most `maxEntries` of them.
 */
export class CachedSessionStore implements SessionStore {
  private readonly entries = new Map<string, { until: number; data: SessionData }>();

  constructor(
    /** The store underneath (the database or Redis). */
    readonly inner: SessionStore,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async get(id: string) {
    const now = Date.now();
    const cached = this.entries.get(id);
    if (cached && cached.until > now) return cached.data;
    const data = await this.inner.get(id);
    if (data && this.ttlMs > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(id, { until: now + this.ttlMs, data });
    } else this.entries.delete(id);
    return data;
  }

  async set(id: string, data: SessionData, ttlSeconds: number) {
    this.entries.delete(id);
    await this.inner.set(id, data, ttlSeconds);
  }

  async destroy(id: string) {
    this.entries.delete(id);
    await this.inner.destroy(id);
  }

  async destroyUser(userId: number) {
    await this.inner.destroyUser(userId);
    for (const [id, entry] of this.entries) if (entry.data.userId === userId) this.entries.delete(id);
  }
}
