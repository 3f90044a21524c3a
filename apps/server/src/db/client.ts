import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../config';
import { seedInitialRoles } from './initial-roles';
import { claimPgliteFolder } from './pglite-marker';
import { setGenericPlanPool } from './raw';
import * as schema from './schema';
import type { Db } from './types';

// The handle types live in db/types.ts (which imports no code), so that what client.ts runs at
// opening (initial-roles.ts) can use them without an import circle.
export type { Db, DbOrTx, Schema, Tx } from './types';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL connection string (the job queue opens its own connections with it). */
  url?: string;
  /** Migrations this opening applied: 0 when an earlier start or another process did. */
  migrationsApplied: number;
  /** PostgreSQL's connection pool (its counts are metrics); none on PGlite. */
  pool?: pg.Pool;
  /** PGlite only: the whole database as a tarball (PGlite's dumpDataDir), for loadDataDir. */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

// From the server package root, not this file: the compiled bundle (dist/server.js) inlines it.
export const migrationsFolder = path.join(serverRoot, 'drizzle');
/** The extensions every PGlite opening loads (db/sql uses them). */
export const pgliteExtensions = { pg_trgm, btree_gin };
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

/**
 * Runs each db/sql file whose text changed since it last ran (a sha-256 kept in
 * custom_sql_applied). Their statements are idempotent, but they take exclusive locks (create
 * trigger, create or replace function): a second process starting beside a serving one must not
 * run them again, or it waits on, and can deadlock with, the first one's traffic.
 */
async function applyCustomSql(
  query: (text: string, values?: unknown[]) => Promise<unknown>,
  migrated: boolean,
): Promise<void> {
  await query(`create table if not exists custom_sql_applied (
    name text primary key, hash text not null, applied_at timestamptz not null default now())`);
  const { rows } = (await query('select name, hash from custom_sql_applied', [])) as {
    rows: { name: string; hash: string }[];
  };
  const applied = new Map(rows.map((r) => [r.name, r.hash]));
  for (const file of customSqlFiles()) {
    const hash = createHash('sha256').update(file.sql).digest('hex');
    // After a migration every file runs again: a migration may have rebuilt a table it set up.
    if (!migrated && applied.get(file.name) === hash) continue;
    await query(file.sql);
    await query(
      `insert into custom_sql_applied (name, hash) values ($1, $2)
       on conflict (name) do update set hash = excluded.hash, applied_at = now()`,
      [file.name, hash],
    );
  }
}

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; without it an embedded PGlite is opened. */
  url?: string;
  /** PGlite data folder; undefined = in memory. */
  dataDir?: string;
  /**
   * PGlite in memory: start from this dump (Database.dump) instead of an empty database; the
   * API tests' template, migrated and seeded once per worker (test/helpers.ts).
   */
  loadDataDir?: Blob;
  poolSize?: number;
}

/**
 * How many migrations drizzle has recorded as applied (0 before the first). drizzle-kit's own
 * bookkeeping table, not one of ours.
 */
async function appliedMigrations(query: (sql: string) => Promise<{ rows: unknown[] }>): Promise<number> {
  const { rows } = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!(rows[0] as { present: boolean }).present) return 0;
  const counted = await query('select count(*)::int as n from drizzle.__drizzle_migrations');
  return (counted.rows[0] as { n: number }).n;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    // No JIT: the shop's statements are short and many; a plan whose estimate crosses
    // jit_above_cost (the search index's costly expression, db/sql/100_search.sql, does) would
    // spend most of a second compiling for a query that runs in milliseconds.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      options: '-c jit=off',
    });
    const db = drizzlePg(pool, { schema });
    const client = await pool.connect();
    let migrationsApplied: number;
    try {
      // One starter at a time migrates (and runs db/sql): processes started together on an
      // empty database would otherwise each run the first migration and all but one fail. The
      // lock is held by this connection, so the migrations run on it too.
      await client.query('select pg_advisory_lock(728302)');
      const before = await appliedMigrations((text) => client.query(text));
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      migrationsApplied = (await appliedMigrations((text) => client.query(text))) - before;
      await applyCustomSql((text, values) => client.query(text, values), migrationsApplied > 0);
    } finally {
      await client.query('select pg_advisory_unlock(728302)').catch(() => {});
      client.release();
    }
    await seedInitialRoles(db);
    // The keyword searches' statements (modules/catalog/search/statements.ts) run on connections
    // that plan named statements generically from their first run: a search's shapes are many,
    // and PostgreSQL would plan each anew for its first five runs on every connection. Opened on
    // first use; the rest of the app keeps PostgreSQL's own choice on the main pool.
    const genericPool = new pg.Pool({
      connectionString: options.url,
      max: Math.max(2, Math.ceil((options.poolSize ?? 20) / 2)),
      options: '-c jit=off -c plan_cache_mode=force_generic_plan',
    });
    setGenericPlanPool(pool, genericPool);
    const close = () => Promise.all([pool.end(), genericPool.end()]).then(() => undefined);
    return { db, kind: 'postgres', url: options.url, migrationsApplied, pool, close };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // Claimed before it is opened: a second process must not touch the folder at all.
  const unmark = options.dataDir ? claimPgliteFolder(options.dataDir) : () => {};
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
  }).catch((error) => {
    unmark();
    throw error;
  });
  const db = drizzlePglite(client, { schema });
  const before = await appliedMigrations((text) => client.query(text));
  await migratePglite(db, { migrationsFolder });
  const migrationsApplied = (await appliedMigrations((text) => client.query(text))) - before;
  await applyCustomSql(
    (text, values) => (values ? client.query(text, values) : client.exec(text)),
    migrationsApplied > 0,
  );
  await seedInitialRoles(db as unknown as Db);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrationsApplied,
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      unmark();
    },
  };
}
