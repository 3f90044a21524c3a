import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { createScratchDatabase } from '../src/db/scratch';
import { seedDemoData } from '../src/db/seed';
import { LocalFileStorage } from '../src/lib/storage';

/**
 * Which database the API suite runs on: PGlite (default) or the PostgreSQL server named by
 * TEST_DATABASE_URL when TEST_DB=postgres. Each test file gets a database of its own.
 */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/** A fresh database (migrated, with demo data unless seed is false) and the app on top of it. */
export async function createTestApp(options: { seed?: boolean } = {}): Promise<TestContext> {
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
    await seedDemoData(database.db, new LocalFileStorage(path.join(dataDir, 'uploads')));
  const config = { ...loadConfig({ DATA_DIR: dataDir }), seedDemoData: false, logLevel: 'silent' };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
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
