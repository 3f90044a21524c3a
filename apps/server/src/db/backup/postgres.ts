import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../client';
import * as schema from '../schema';
import { countKeyRows, type KeyCounts, type SchemaVersion, schemaVersionOf } from './manifest';
import { BackupRefusal } from './refusal';

// PostgreSQL backups with the server's own tools: pg_dump in custom format while the site runs
// (one snapshot for the dump and the manifest's counts), and a restore that replaces the
// database's contents in one transaction (pg_restore's SQL through psql --single-transaction),
// so a failed restore leaves the database as it was.

export const PG_DUMP_ENTRY = 'database.pgdump' as const;

/** The URL without its password (which goes to the tools as PGPASSWORD, out of `ps`). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

const tool = (name: string, binDir?: string) => (binDir ? path.join(binDir, name) : name);

/** Runs a tool; rejects with its own words (stderr) when it fails. */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin?: NodeJS.ReadableStream,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      err += chunk;
    });
    if (stdin && child.stdin) stdin.pipe(child.stdin);
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupRefusal(
              `找不到 ${command}：请安装 PostgreSQL 客户端，或用 PG_BIN_DIR 指明其目录`,
              `${command} not found: install the PostgreSQL client tools or name their folder in PG_BIN_DIR`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${path.basename(command)} failed: ${err.trim()}`)),
    );
  });
}

/** `15.20` from `pg_dump (PostgreSQL) 15.20 (Debian ...)`. */
async function toolVersion(command: string): Promise<string> {
  const answer = await run(command, ['--version'], process.env);
  return /\)\s*(\d+(?:\.\d+)?)/.exec(answer)?.[1] ?? answer.trim();
}

const major = (version: string) => Number.parseInt(version, 10);

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const serverVersionOf = async (client: pg.Client) =>
  ((await client.query('show server_version')).rows[0] as { server_version: string }).server_version.split(
    ' ',
  )[0] as string;

export interface PostgresDump {
  schema: SchemaVersion;
  counts: KeyCounts;
  versions: { server: string; pgDump: string };
}

/** Dumps the database online into `staging`/database.pgdump. */
export async function dumpPostgres(url: string, staging: string, binDir?: string): Promise<PostgresDump> {
  const pgDump = tool('pg_dump', binDir);
  const dumpVersion = await toolVersion(pgDump);
  return withClient(url, async (client) => {
    const server = await serverVersionOf(client);
    if (major(dumpVersion) < major(server))
      throw new BackupRefusal(
        `pg_dump 版本 ${dumpVersion} 比数据库服务器 ${server} 旧，无法备份：请安装 ${major(server)} 版的客户端并用 PG_BIN_DIR 指明`,
        `pg_dump ${dumpVersion} is older than the server (${server}) and cannot dump it: install the ${major(server)} client tools and name their folder in PG_BIN_DIR`,
      );
    // The manifest's schema and counts are read in the very snapshot pg_dump dumps.
    await client.query('begin isolation level repeatable read read only');
    try {
      const snapshot = (await client.query('select pg_export_snapshot() as id')).rows[0].id as string;
      const schemaVersion = await schemaVersionOf((text) => client.query(text));
      const counts = await countKeyRows(drizzle(client, { schema }) as unknown as Db);
      const { dbname, env } = connection(url);
      await run(
        pgDump,
        [
          '--format=custom',
          `--snapshot=${snapshot}`,
          `--file=${path.join(staging, PG_DUMP_ENTRY)}`,
          `--dbname=${dbname}`,
        ],
        env,
      );
      return { schema: schemaVersion, counts, versions: { server, pgDump: dumpVersion } };
    } finally {
      await client.query('commit');
    }
  });
}

export interface PostgresTarget {
  /** Tables in the database's own schemas (0 = an empty database). */
  tables: number;
  /** Other sessions connected to it (servers, workers, consoles). */
  otherSessions: number;
}

export async function inspectPostgresTarget(url: string): Promise<PostgresTarget> {
  return withClient(url, async (client) => {
    const look = async () => {
      const { rows } = await client.query(
        `select (select count(*)::int from pg_catalog.pg_tables
                  where schemaname not in ('pg_catalog', 'information_schema')) as tables,
                (select count(*)::int from pg_catalog.pg_stat_activity
                  where datname = current_database() and pid <> pg_backend_pid()) as sessions`,
      );
      return { tables: rows[0].tables as number, otherSessions: rows[0].sessions as number };
    };
    // A server just stopped leaves its sessions for a moment after its pool has closed.
    let target = await look();
    for (let wait = 0; target.otherSessions > 0 && wait < 10; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      target = await look();
    }
    return target;
  });
}

/** Checks pg_restore can read a dump written by `pgDumpVersion`. */
export async function checkRestoreTool(pgDumpVersion: string, binDir?: string): Promise<void> {
  const restoreVersion = await toolVersion(tool('pg_restore', binDir));
  if (major(restoreVersion) < major(pgDumpVersion))
    throw new BackupRefusal(
      `该备份由 pg_dump ${pgDumpVersion} 生成，本机 pg_restore ${restoreVersion} 版本较旧无法读取：请安装 ${major(pgDumpVersion)} 版以上的客户端并用 PG_BIN_DIR 指明`,
      `the backup was written by pg_dump ${pgDumpVersion}; pg_restore ${restoreVersion} is older and cannot read it: install the ${major(pgDumpVersion)} (or newer) client tools and name their folder in PG_BIN_DIR`,
    );
}

/**
 * Replaces everything in the database by the dump, in one transaction: the database's own schemas
 * are dropped first (objects the dump does not have must not survive it). Answers the restored
 * database's counts.
 */
export async function restorePostgres(
  url: string,
  dumpFile: string,
  staging: string,
  binDir?: string,
): Promise<KeyCounts> {
  const schemas = await withClient(url, async (client) => {
    const { rows } = await client.query(
      `select nspname from pg_catalog.pg_namespace
        where nspname not like 'pg\\_%' and nspname <> 'information_schema' order by nspname`,
    );
    return rows.map((row) => row.nspname as string);
  });
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const preamble = path.join(staging, 'preamble.sql');
  await writeFile(
    preamble,
    `${schemas.map((name) => `drop schema if exists ${quote(name)} cascade;`).join('\n')}\ncreate schema if not exists public;\n`,
  );
  const { dbname, env } = connection(url);
  const sqlOfDump = spawn(
    tool('pg_restore', binDir),
    ['--no-owner', '--no-privileges', '--file=-', dumpFile],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let restoreError = '';
  sqlOfDump.stderr.on('data', (chunk) => {
    restoreError += chunk;
  });
  const dumped = new Promise<void>((resolve, reject) => {
    sqlOfDump.on('error', reject);
    sqlOfDump.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_restore failed: ${restoreError.trim()}`)),
    );
  });
  const [replayed, read] = await Promise.allSettled([
    run(
      tool('psql', binDir),
      [
        '--no-psqlrc',
        '--quiet',
        '--set=ON_ERROR_STOP=1',
        '--single-transaction',
        `--file=${preamble}`,
        '--file=-',
        `--dbname=${dbname}`,
      ],
      env,
      sqlOfDump.stdout,
    ),
    dumped,
  ]);
  // psql's words first: when it stops, pg_restore only sees a broken pipe.
  if (replayed.status === 'rejected') throw replayed.reason;
  if (read.status === 'rejected') throw read.reason;
  return withClient(url, (client) => countKeyRows(drizzle(client, { schema }) as unknown as Db));
}
