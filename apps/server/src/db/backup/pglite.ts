import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { type Db, pgliteExtensions } from '../client';
import { pgliteHolder, pgliteMarkerOf } from '../pglite-marker';
import * as schema from '../schema';
import { countKeyRows, type KeyCounts, type SchemaVersion, schemaVersionOf } from './manifest';
import { BackupRefusal } from './refusal';

// PGlite backups: its own data-dir tarball (dumpDataDir), taken and loaded while no server has
// the folder open (PGlite is one process at a time; the caller checks). The folder is opened
// as it is, without migrating: a backup is of the database as it stands.

export const PGLITE_ENTRY = 'database.pglite.tar.gz' as const;

/** Refuses while a live process (a server, another command) has the PGlite folder open. */
export function refuseWhilePgliteOpen(dataDir: string): void {
  const holder = pgliteHolder(dataDir);
  if (holder !== undefined)
    throw new BackupRefusal(
      `PGlite 数据库 ${dataDir} 正被进程 ${holder} 使用（服务器或其他命令）：请先停止它。若该进程并非本程序，请删除 ${pgliteMarkerOf(dataDir)}`,
      `the PGlite database ${dataDir} is open in process ${holder} (a server or another command): stop it first. If that process is not ours, delete ${pgliteMarkerOf(dataDir)}`,
    );
}

async function readDatabase(client: PGlite): Promise<{ schema: SchemaVersion; counts: KeyCounts }> {
  return {
    schema: await schemaVersionOf((text) => client.query(text)),
    counts: await countKeyRows(drizzle(client, { schema }) as unknown as Db),
  };
}

/** Writes `staging`/database.pglite.tar.gz from the folder `dataDir`. */
export async function dumpPglite(
  dataDir: string,
  staging: string,
): Promise<{ schema: SchemaVersion; counts: KeyCounts }> {
  const client = await PGlite.create({ dataDir, extensions: pgliteExtensions });
  try {
    const read = await readDatabase(client);
    const tarball = await client.dumpDataDir('gzip');
    await writeFile(path.join(staging, PGLITE_ENTRY), Buffer.from(await tarball.arrayBuffer()));
    return read;
  } finally {
    await client.close();
  }
}

/** Loads a dump into the new (absent or empty) folder `dataDir`; answers what it holds. */
export async function loadPglite(dumpFile: string, dataDir: string): Promise<KeyCounts> {
  // PGlite recognises a gzipped tarball by its type or name.
  const tarball = new File([await readFile(dumpFile)], PGLITE_ENTRY, { type: 'application/x-gzip' });
  const client = await PGlite.create({ dataDir, loadDataDir: tarball, extensions: pgliteExtensions });
  try {
    return (await readDatabase(client)).counts;
  } finally {
    await client.close();
  }
}
