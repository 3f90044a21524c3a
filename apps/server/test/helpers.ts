import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beijingToday } from '@yaocai/domain';
import type { Redis } from 'ioredis';
import { seedDemoData } from '../demo/seed';
import { type App, buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { createScratchDatabase } from '../src/db/scratch';
import type { Clock } from '../src/lib/context';
import { LocalFileStorage } from '../src/lib/storage';
import { testTempDir } from './temp-dir';

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

const uploadsOf = (dataDir: string) => new LocalFileStorage(path.join(dataDir, 'uploads'));

/** A new, migrated database of the run's kind (a copy of the empty template). */
async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  return databaseFrom(await templateOf('empty'));
}

/**
 * What each test file's database starts from: migrated, and seeded with the demo data unless the
 * file asks for none. Made once per worker (its modules live across its files, vitest.config.ts
 * `isolate: false`): opening and migrating an empty embedded database and seeding it took 4 of the
 * 5 seconds of a test app's start. It is made again on a new Beijing day (the demo data is dated
 * by the calendar day: today's specials, sign-ins, yesterday's orders) and once it is a quarter of
 * an hour old, so a file's demo data is of its own day and close to its start. A minute's age
 * (until 2026-11-29) remade it about eight times per worker per stage, 55 s of the PGlite stage.
 *
 * On PGlite the template is a data folder (in testTempDir, memory where the machine has it) that
 * each file copies and opens: 0.4 s against 0.9 s for PGlite's own dump loaded into its in-memory
 * file system (1.4 CPU-s), about a hundred times per stage.
 */
interface Template {
  /** The PGlite data folder, or the PostgreSQL database copied (CREATE DATABASE ... TEMPLATE). */
  pgliteDir?: string;
  postgres?: string;
  /** The data folder of its demo data's uploaded files. */
  dataDir: string | null;
  /** The instant its demo data is dated by. */
  madeAt: Date;
}
const TEMPLATE_MAX_AGE_MS = 15 * 60_000;
const templates = new Map<'seeded' | 'empty', Promise<Template>>();

const templateDirs: string[] = [];
process.once('exit', () => {
  for (const dir of templateDirs) rmSync(dir, { recursive: true, force: true });
});

async function makeTemplate(seeded: boolean): Promise<Template> {
  // Named after the parent process too: a Vitest worker that Vitest ends does not run the exit
  // hook above, so the run's teardown (test/global-setup.ts) removes the folders by that name.
  const dataDir = seeded ? mkdtempSync(path.join(tmpdir(), `yaocai-template-${process.ppid}-`)) : null;
  if (dataDir) templateDirs.push(dataDir);
  const at = new Date();
  if (testDbKind === 'pglite') {
    const pgliteDir = mkdtempSync(path.join(testTempDir(), `yaocai-template-${process.ppid}-db-`));
    templateDirs.push(pgliteDir);
    const database = await openDatabase({ dataDir: pgliteDir });
    try {
      if (dataDir) await seedDemoData(database.db, at, uploadsOf(dataDir));
    } finally {
      await database.close();
    }
    return { pgliteDir, dataDir, madeAt: at };
  }
  // Named after the Vitest process (this worker's parent), whose teardown drops what is left
  // (test/global-setup.ts).
  const created = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', `yc_tpl_${process.ppid}`);
  const database = await openDatabase({ url: created.url, poolSize: 4 });
  try {
    if (dataDir) await seedDemoData(database.db, at, uploadsOf(dataDir));
  } finally {
    await database.close();
  }
  return { postgres: created.name, dataDir, madeAt: at };
}

async function templateOf(kind: 'seeded' | 'empty'): Promise<Template> {
  const held = templates.get(kind);
  const current = held && (await held.catch(() => null));
  const now = new Date();
  if (
    current &&
    now.getTime() - current.madeAt.getTime() < TEMPLATE_MAX_AGE_MS &&
    beijingToday(current.madeAt) === beijingToday(now)
  )
    return current;
  // The one before stays until the run ends (a file may still be copying it).
  const made = makeTemplate(kind === 'seeded');
  templates.set(kind, made);
  return made;
}

async function databaseFrom(template: Template): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (template.pgliteDir) {
    // Named after the Vitest process like the templates, for its teardown should a worker die.
    const dir = mkdtempSync(path.join(testTempDir(), `yaocai-testdb-${process.ppid}-`));
    cpSync(template.pgliteDir, dir, { recursive: true });
    const drop = async () => rmSync(dir, { recursive: true, force: true });
    try {
      return { database: await openDatabase({ dataDir: dir }), drop };
    } catch (error) {
      await drop();
      throw error;
    }
  }
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  for (let attempt = 1; ; attempt++) {
    try {
      const created = await createScratchDatabase(serverUrl, `yc_test_${process.ppid}`, template.postgres);
      return { database: await openDatabase({ url: created.url, poolSize: 40 }), drop: created.drop };
    } catch (error) {
      // 55006: the template's last connection (its seeding) has not quite ended yet.
      if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
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
  // Uploads (and the demo licence pictures) go to a temporary data folder per test file.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yaocai-test-'));
  const seed = options.seed !== false;
  let database: Database;
  let drop = async () => {};
  if (options.clock) {
    // A file with its own clock has its demo data dated by it: seeded here, not copied.
    ({ database, drop } = await emptyDatabase());
    if (seed) await seedDemoData(database.db, options.clock.now(), uploadsOf(dataDir));
  } else {
    const template = await templateOf(seed ? 'seeded' : 'empty');
    ({ database, drop } = await databaseFrom(template));
    // The template's data folder holds its demo data's uploads (DATA_DIR/uploads).
    if (template.dataDir && existsSync(template.dataDir))
      cpSync(template.dataDir, dataDir, { recursive: true });
  }
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
      rmSync(dataDir, { recursive: true, force: true });
      if (testDbKind === 'pglite') return drop();
      // Dropped once the pool's ending sockets have closed (before `drop ... with (force)`
      // terminates them). Under Vitest in the background: the next file need not wait 0.3 s, a
      // hundred times a stage, and what a worker leaves when Vitest ends it the run's teardown
      // drops (named after the Vitest process, test/global-setup.ts). A script (bench/) waits.
      const dropLater = new Promise((resolve) => setTimeout(resolve, 300)).then(drop);
      if (process.env.VITEST) dropLater.catch(() => {});
      else await dropLater;
    },
  };
}

/** Cookie header carrying every cookie a response set (for logged-in requests). */
export function cookiesOf(response: { cookies: { name: string; value: string }[] }): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
