import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../client';
import { migrationsFolder } from '../client';
import { companies, files, invoices, orders, users } from '../schema';

// What a backup says about itself (manifest.json, the archive's first entry): when, which
// database, the schema it was at and how many rows the key tables held. Restore reads it before
// anything else and checks the restored database against its counts.

const rows = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const schemaVersion = z.object({
  /** The last applied migration's tag (0035_orders_company_paid); null on a database never migrated. */
  migration: z.string().max(200).nullable(),
  /** drizzle's created_at of that migration (its journal's `when`), what the migrator orders by. */
  when: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  /** How many migrations had been applied. */
  applied: rows,
});
export type SchemaVersion = z.infer<typeof schemaVersion>;

export const keyCounts = z.object({
  users: rows,
  companies: rows,
  orders: rows,
  invoices: rows,
  files: rows,
});
export type KeyCounts = z.infer<typeof keyCounts>;

export const manifestSchema = z.object({
  format: z.literal('yaocai-backup'),
  version: z.literal(1),
  createdAt: z.string().max(40),
  database: z.enum(['postgres', 'pglite']),
  /** The archive entry holding the database: a pg_dump custom-format file or a PGlite data-dir tarball. */
  databaseEntry: z.enum(['database.pgdump', 'database.pglite.tar.gz']),
  schema: schemaVersion,
  counts: keyCounts,
  /** The local files (DATA_DIR/uploads) in the archive under uploads/. */
  uploads: z.object({ files: rows, bytes: rows }),
  /** PostgreSQL only: the server's and pg_dump's versions (pg_restore must not be older). */
  postgres: z.object({ server: z.string().max(100), pgDump: z.string().max(100) }).optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this code knows (drizzle/meta/_journal.json), oldest first. */
export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return [...journal.entries].sort((a, b) => a.when - b.when);
}

/** drizzle-kit's bookkeeping table, read as the migrator reads it. */
export async function schemaVersionOf(
  query: (sql: string) => Promise<{ rows: unknown[] }>,
): Promise<SchemaVersion> {
  const { rows: present } = await query(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!(present[0] as { present: boolean }).present) return { migration: null, when: null, applied: 0 };
  const { rows: found } = await query(
    'select count(*)::int as applied, max(created_at)::bigint::text as last from drizzle.__drizzle_migrations',
  );
  const { applied, last } = found[0] as { applied: number; last: string | null };
  if (last === null) return { migration: null, when: null, applied };
  const when = Number(last);
  const tag = knownMigrations().find((entry) => entry.when === when)?.tag ?? `unknown (${when})`;
  return { migration: tag, when, applied };
}

export async function countKeyRows(db: Db): Promise<KeyCounts> {
  const n = async (table: typeof users | typeof companies | typeof orders | typeof invoices | typeof files) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    users: await n(users),
    companies: await n(companies),
    orders: await n(orders),
    invoices: await n(invoices),
    files: await n(files),
  };
}

/**
 * Why this code cannot take a backup of `version`, or undefined. A schema newer than the code
 * (a migration it does not know) would be "migrated" again on start, or run with columns the code
 * does not expect: restore it with the code that made it.
 */
export function newerSchemaProblem(version: SchemaVersion): { zh: string; en: string } | undefined {
  if (version.when === null) return undefined;
  const known = knownMigrations();
  const latest = known.at(-1);
  if (known.some((entry) => entry.when === version.when)) return undefined;
  const ours = latest?.tag ?? 'none';
  if (latest && version.when < latest.when)
    return {
      zh: `备份的数据库结构含有本程序不认识的迁移 ${version.migration}（本程序最新迁移 ${ours}），请用生成该备份的版本恢复`,
      en: `the backup's schema has a migration this code does not know (${version.migration}; latest here ${ours}): restore it with the version that made it`,
    };
  return {
    zh: `备份的数据库结构（迁移 ${version.migration}）比本程序新（最新迁移 ${ours}），请用生成该备份的版本恢复`,
    en: `the backup's schema (migration ${version.migration}) is newer than this code knows (latest ${ours}): restore it with the version that made it`,
  };
}

export function describeCounts(counts: KeyCounts): string {
  return [
    `用户 users ${counts.users}`,
    `企业 companies ${counts.companies}`,
    `订单 orders ${counts.orders}`,
    `发票 invoices ${counts.invoices}`,
    `文件 files ${counts.files}`,
  ].join(' · ');
}
