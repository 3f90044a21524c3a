import { once } from 'node:events';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisPrefix, testRedisUrl } from '../../test/helpers';
import { cacheBusPlugin, receiveForget, sharedCache, sharedForget } from './cache-bus';

describe('cache bus (one process)', () => {
  it('drops a named cache on a message from another process, and only that one', () => {
    let a = 0;
    let b = 0;
    sharedForget('bus-test-a', () => a++);
    sharedForget('bus-test-b', () => b++);
    receiveForget(JSON.stringify({ origin: 'another process', name: 'bus-test-a' }));
    expect([a, b]).toEqual([1, 0]);
    for (const junk of ['not json', '{}', JSON.stringify({ origin: 'x', name: 'no such cache' })])
      receiveForget(junk);
    expect([a, b]).toEqual([1, 0]);
  });
});

describe('shared cache', () => {
  it('serves a copy per handle within its time, forgets it on forget, and keeps no failed read', async () => {
    const cache = sharedCache<number>('bus-test-cache', 60_000);
    const db = {};
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get(db, load)).toBe(1);
    expect(await cache.get(db, load)).toBe(1);
    expect(await cache.get({}, load)).toBe(2);
    cache.forget();
    expect(await cache.get(db, load)).toBe(3);

    const failing = sharedCache<number>('bus-test-cache-failing', 60_000);
    await expect(failing.get(db, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await failing.get(db, load)).toBe(4);
  });

  it('judges a time-bound copy by the request time it belongs to, before or after it', async () => {
    const cache = sharedCache<string>('bus-test-cache-at', 1_000);
    const db = {};
    const at = Date.parse('2026-11-26T10:00:00+08:00');
    const load = (label: string) => async () => label;
    expect(await cache.get(db, load('first'), at)).toBe('first');
    expect(await cache.get(db, load('later'), at + 999)).toBe('first');
    expect(await cache.get(db, load('earlier'), at - 999)).toBe('first');
    // A request a second or more away (a test's fixed clock, a slot that has started) reads anew.
    expect(await cache.get(db, load('next second'), at + 1_000)).toBe('next second');
    expect(await cache.get(db, load('a day before'), at - 86_400_000)).toBe('a day before');
  });

  it('drops only its own failed read, not a newer copy that replaced it', async () => {
    const cache = sharedCache<string>('bus-test-cache-race', 1_000);
    const db = {};
    const at = Date.parse('2026-11-26T10:00:00+08:00');
    let fail: (error: Error) => void = () => undefined;
    const first = cache.get(
      db,
      () =>
        new Promise<string>((_, reject) => {
          fail = reject;
        }),
      at,
    );
    expect(await cache.get(db, async () => 'newer', at + 5_000)).toBe('newer');
    fail(new Error('down'));
    await expect(first).rejects.toThrow('down');
    expect(await cache.get(db, async () => 'read again', at + 5_000)).toBe('newer');
  });
});

describe.skipIf(!testRedisUrl)('cache bus over Redis', () => {
  const prefix = testRedisPrefix();
  const channel = `${prefix}cache-forget`;
  const redis = new Redis(testRedisUrl as string);
  const listener = new Redis(testRedisUrl as string);
  const app = Fastify();
  afterAll(async () => {
    await app.close();
    redis.disconnect();
    listener.disconnect();
  });

  it("publishes a forget to the other processes before a write's answer, and drops on theirs without echoing", async () => {
    const heard: string[] = [];
    listener.on('message', (_channel, message) => heard.push(JSON.parse(message).name));
    if (listener.status !== 'ready') await once(listener, 'ready');
    await listener.subscribe(channel);
    let dropped = 0;
    const forget = sharedForget('bus-test-redis', () => dropped++);
    await app.register(cacheBusPlugin, { redis, redisPrefix: prefix });
    app.post('/write', async () => {
      forget();
      return { ok: true };
    });
    await app.ready();

    expect((await app.inject({ method: 'POST', url: '/write' })).statusCode).toBe(200);
    expect(dropped).toBe(1);
    // The answer waited for the publication; the other process hears it a moment later.
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['bus-test-redis']);

    // Another process's forget drops here and is not published again.
    await redis.publish(channel, JSON.stringify({ origin: 'another process', name: 'bus-test-redis' }));
    await expect.poll(() => dropped, { timeout: 5_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['bus-test-redis', 'bus-test-redis']);
  });
});
