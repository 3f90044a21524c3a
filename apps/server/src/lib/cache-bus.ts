import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

// What a process caches of shared data (catalogue lists, category tree, header, settings,
// promotions, operator access) it forgets when an operator changes that data. Each cache names
// its forgetting once (sharedForget); calling it drops this process's copy and, when the
// processes share a Redis (REDIS_URL), publishes the name so every other process drops its copy
// too, at once rather than after its TTL. A write request is answered only after its
// publications reached Redis, so the next request to any process sees the change.

type Drop = () => void;

const drops = new Map<string, Drop>();
/** One publisher per app with a Redis (the test suite runs several apps in one process). */
const publishers = new Set<(name: string) => Promise<unknown>>();
const pending = new Set<Promise<unknown>>();
/** Tells this process's own messages apart from the others'. */
const origin = randomUUID();
/** True while a message from another process is handled: its drops are not published again. */
let receiving = false;

/**
 * The forgetting of one process cache, shared by every process: `drop` forgets this process's
 * copy (for every database it holds one of); the function returned also tells the other
 * processes. `name` is unique per cache.
 */
export function sharedForget(name: string, drop: Drop): () => void {
  drops.set(name, drop);
  return () => {
    drop();
    if (receiving) return;
    for (const publish of publishers) {
      const sent = publish(name).catch(() => undefined);
      pending.add(sent);
      void sent.finally(() => pending.delete(sent));
    }
  };
}

/**
 * Drops every cache of this process (a test that moves the application clock across days: lists
 * and badges cached for the old instant would otherwise serve until their TTL).
 */
export function forgetEveryCache(): void {
  for (const drop of drops.values()) drop();
}

/** Drops the named caches on a message from another process (unknown names are ignored). */
export function receiveForget(message: string): void {
  let parsed: { origin?: unknown; name?: unknown };
  try {
    parsed = JSON.parse(message);
  } catch {
    return;
  }
  if (parsed.origin === origin || typeof parsed.name !== 'string') return;
  const drop = drops.get(parsed.name);
  if (!drop) return;
  receiving = true;
  try {
    drop();
  } finally {
    receiving = false;
  }
}

/** Wires the bus to the app's Redis (none: the caches are forgotten in this process only). */
export const cacheBusPlugin = fp(
  async (app: FastifyInstance, options: { redis?: Redis; redisPrefix: string }) => {
    const { redis } = options;
    if (!redis) return;
    const channel = `${options.redisPrefix}cache-forget`;
    const subscriber = redis.duplicate();
    // A lost connection reconnects and subscribes again by itself (ioredis); what was published
    // meanwhile is missed, and those copies expire after their own short time.
    subscriber.on('error', (error: Error) =>
      app.log.warn({ err: error }, 'cache bus: Redis subscriber error'),
    );
    // Subscribed before its ready check (INFO) ran, the connection would refuse that check.
    if (subscriber.status !== 'ready') await once(subscriber, 'ready');
    subscriber.on('message', (from: string, message: string) => {
      if (from === channel) receiveForget(message);
    });
    await subscriber.subscribe(channel);
    const publish = (name: string) => redis.publish(channel, JSON.stringify({ origin, name }));
    publishers.add(publish);
    // A write's publications are out before its answer: the buyer's next call, to any process,
    // finds the other processes' copies gone.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.method === 'GET' || request.method === 'HEAD' || pending.size === 0)
        return done(null, payload);
      Promise.all([...pending]).then(() => done(null, payload));
    });
    app.addHook('onClose', async () => {
      publishers.delete(publish);
      await subscriber.quit();
    });
  },
  { name: 'cache-bus' },
);

/**
 * A value read from the database and kept in this process for `ttlMs` per database handle
 * (a transaction, its own handle, reads its own), forgotten in every process by `forget`. A read
 * that fails is not kept. Freshness is judged on the monotonic clock, which tests moving the
 * application clock leave alone, unless `get` is given `at`: the request time (epoch ms) a value
 * that depends on the time belongs to; a copy then serves requests within `ttlMs` of its own
 * time, before or after it (a test's fixed clock reads its own copy). A cache passes `at` on
 * every get or on none.
 */
export function sharedCache<V>(name: string, ttlMs: number) {
  let entries = new WeakMap<object, { at: number; value: Promise<V> }>();
  const forget = sharedForget(name, () => {
    entries = new WeakMap();
  });
  function get(db: object, load: () => Promise<V>, at?: number): Promise<V> {
    const now = at ?? performance.now();
    const hit = entries.get(db);
    if (hit && Math.abs(now - hit.at) < ttlMs) return hit.value;
    const value = load();
    entries.set(db, { at: now, value });
    value.catch(() => {
      if (entries.get(db)?.value === value) entries.delete(db);
    });
    return value;
  }
  return { get, forget };
}
