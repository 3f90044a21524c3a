import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { seedDemoData } from '../demo/seed';
import { type App, buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { createScratchDatabase } from '../src/db/scratch';
import { type Clock, systemClock } from '../src/lib/context';
import { LocalFileStorage } from '../src/lib/storage';

/**
 * Which database the API suite runs on: PGlite (default) or the PostgreSQL server named by
 * TEST_DATABASE_URL when TEST_DB=postgres. Each test file gets a database of its own.
 */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * The Redis server for the tests of the Redis session store (TEST_REDIS_URL, e.g.
 * redis://127.0.0.1:6379); without it they are skipped. Each app or store gets keys of its own
 * (testRedisPrefix) and deletes them when done.
 */
export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;
/** Where sessions live in a test app: the database always, Redis too when TEST_REDIS_URL is set. */
export const sessionStoreKinds: ('db' | 'redis')[] = testRedisUrl ? ['db', 'redis'] : ['db'];
export const testRedisPrefix = () => `yc-test:${process.pid}-${randomBytes(4).toString('hex')}:`;

/** Deletes every key under a test's prefix. */
export async function deleteRedisKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

export interface TestContext {
  /** The app; its `inject` behaves like a browser (see browserLike). */
  app: App;
  /** The app's own `inject`: sends only the headers a test names (the CSRF tests use it). */
  injectAsIs: App['inject'];
  database: Database;
  close(): Promise<void>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Makes `app.inject` send what a browser sends on every state change: an Origin, of the
 * request's own host, unless the test names an Origin or a Referer itself.
 */
export function browserLike(app: App): App['inject'] {
  const inject = app.inject.bind(app) as (options?: unknown) => unknown;
  return ((options?: unknown) => {
    if (!options || typeof options !== 'object') return inject(options);
    const request = options as { method?: string; headers?: Record<string, unknown> };
    const headers = request.headers ?? {};
    const named = Object.keys(headers).map((key) => key.toLowerCase());
    if (
      SAFE_METHODS.has((request.method ?? 'GET').toUpperCase()) ||
      named.includes('origin') ||
      named.includes('referer')
    )
      return inject(options);
    const host = typeof headers.host === 'string' ? headers.host : 'localhost:80';
    return inject({ ...request, headers: { ...headers, origin: `http://${host}` } });
  }) as App['inject'];
}

/**
 * A fresh database (migrated, with demo data unless seed is false) and the app on top of it, its
 * sessions in the database or (sessions: 'redis') in TEST_REDIS_URL's Redis.
 */
export async function createTestApp(
  options: {
    seed?: boolean;
    sessions?: 'db' | 'redis';
    config?: Partial<AppConfig>;
    /** The application clock; the demo data is dated by it too. The system clock by default. */
    clock?: Clock;
  } = {},
): Promise<TestContext> {
  if (options.sessions === 'redis' && !testRedisUrl)
    throw new Error("sessions: 'redis' needs TEST_REDIS_URL");
  let database: Database;
  let drop = async () => {};
  if (testDbKind === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const created = await createScratchDatabase(serverUrl, `yc_test_${process.pid}`);
    database = await openDatabase({ url: created.url, poolSize: 40 });
    drop = created.drop;
  } else {
    database = await openDatabase({});
  }
  // Uploads (and the demo licence pictures) go to a temporary data folder per test file.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yaocai-test-'));
  if (options.seed !== false)
    await seedDemoData(
      database.db,
      (options.clock ?? systemClock()).now(),
      new LocalFileStorage(path.join(dataDir, 'uploads')),
    );
  const config = {
    ...loadConfig({ DATA_DIR: dataDir }),
    seedDemoData: false,
    logLevel: 'silent',
    ...(options.sessions === 'redis' ? { redisUrl: testRedisUrl, redisPrefix: testRedisPrefix() } : {}),
    ...options.config,
  };
  const app = await buildApp({ config, database, logger: false, clock: options.clock });
  await app.ready();
  const injectAsIs = app.inject.bind(app) as App['inject'];
  app.inject = browserLike(app);
  return {
    app,
    injectAsIs,
    database,
    async close() {
      if (app.redis) await deleteRedisKeys(app.redis, config.redisPrefix);
      await app.close();
      await database.close();
      // Let ending pool sockets finish closing before `drop ... with (force)` terminates them.
      if (testDbKind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Cookie header carrying every cookie a response set (for logged-in requests). */
export function cookiesOf(response: { cookies: { name: string; value: string }[] }): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
