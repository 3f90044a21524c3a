import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, type Db, openDatabase } from '../db/client';
import { hasDemoData, loadDemoData } from '../db/demo-loader';
import type { Clock } from '../lib/context';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export interface DbPluginOptions {
  /** An already opened database (tests share one per file); otherwise one is opened. */
  database?: Database;
  url?: string;
  dataDir?: string;
  seed: boolean;
  /** The application clock: the demo data is dated relative to it. */
  clock: Clock;
}

/** Opens (or adopts) the database, applies migrations, loads demo data into an empty one. */
export const dbPlugin = fp(async (app: FastifyInstance, options: DbPluginOptions) => {
  const database = options.database ?? (await openDatabase({ url: options.url, dataDir: options.dataDir }));
  if (!options.database) app.log.info({ applied: database.migrationsApplied }, 'database migrations');
  // The demo data (apps/server/demo) is imported only when asked for or already loaded.
  const loaded =
    options.seed &&
    (await (await loadDemoData()).seedDemoData(database.db, options.clock.now(), app.storage));
  if (loaded) app.log.info('demo data loaded into the empty database');
  // Demo data loaded earlier (with or without SEED_DEMO_DATA now): its flash sale gets its next
  // round once its slots ended. A server built without the demo bundle leaves it as it is.
  else if (await hasDemoData(database.db)) {
    const demo = await loadDemoData().catch(() => undefined);
    if (!demo) app.log.warn('the database holds demo data but the demo bundle (dist-demo) is missing');
    else if (await demo.rollDemoSpike(database.db, options.clock.now().getTime()))
      app.log.info('demo flash sale: the next round is scheduled');
  }
  app.decorate('database', database);
  app.decorate('db', database.db);
  if (!options.database) app.addHook('onClose', () => database.close());
});
