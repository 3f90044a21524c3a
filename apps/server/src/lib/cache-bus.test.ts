import { once } from 'node:events';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisPrefix, testRedisUrl } from '../../test/helpers';
import { cacheBusPlugin, receiveForget, sharedForget } from './cache-bus';

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
