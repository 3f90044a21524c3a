import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * One database type for both drivers. PGlite and node-postgres drizzle instances share the
 * PgDatabase query API; node-postgres's type is used as the common one.
 */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A handle that can run queries: the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// From the server package root, not this file: the compiled bundle (dist/server.js) inlines it.
const migrationsFolder = path.join(serverRoot, 'drizzle');
const customSqlFolder = path.join(serverRoot, 'src/db/sql');

/**
 * SQL drizzle-kit cannot express (extensions, trigram indexes): the idempotent statements of
 * db/sql/*.sql, applied after the migrations in file-name order.
 */
export function customSqlFiles(): { name: string; sql: string }[] {
  return readdirSync(customSqlFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(customSqlFolder, name), 'utf8') }));
}

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; without it an embedded PGlite is opened. */
  url?: string;
  /** PGlite data folder; undefined = in memory. */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    const client = await pool.connect();
    try {
      // Serialise concurrent starters: CREATE EXTENSION/INDEX IF NOT EXISTS may race otherwise.
      await client.query('select pg_advisory_lock(728302)');
      for (const file of customSqlFiles()) await client.query(file.sql);
    } finally {
      await client.query('select pg_advisory_unlock(728302)').catch(() => {});
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  for (const file of customSqlFiles()) await client.exec(file.sql);
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
