import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type AppConfig, pgliteDirOf, uploadsDirOf } from '../../config';
import { folderSize, MANIFEST_ENTRY, writeArchive } from './archive';
import type { Manifest } from './manifest';
import { dumpPglite, PGLITE_ENTRY, refuseWhilePgliteOpen } from './pglite';
import { dumpPostgres, PG_DUMP_ENTRY } from './postgres';
import { BackupRefusal } from './refusal';

// `npm run backup -- FILE`: the database the server uses (DATABASE_URL, else DATA_DIR's PGlite)
// and its local files (DATA_DIR/uploads) in one file, with a manifest.

export interface BackupResult {
  manifest: Manifest;
  /** The size of the backup file. */
  bytes: number;
}

export async function createBackup(config: AppConfig, file: string, now: Date): Promise<BackupResult> {
  const pgliteDir = pgliteDirOf(config);
  if (!config.databaseUrl) {
    if (!existsSync(path.join(pgliteDir, 'PG_VERSION')))
      throw new BackupRefusal(`${pgliteDir} 中没有数据库`, `there is no database in ${pgliteDir}`);
    refuseWhilePgliteOpen(pgliteDir);
  }
  if (!existsSync(path.dirname(file)))
    throw new BackupRefusal(`目录 ${path.dirname(file)} 不存在`, `no such folder: ${path.dirname(file)}`);
  // Beside the target: the dump can be large, and the finished file is renamed into place so a
  // half-written backup never carries the name.
  const staging = await mkdtemp(path.join(path.dirname(file), '.yaocai-backup-'));
  const partial = path.join(staging, 'backup.tar');
  try {
    const database = config.databaseUrl
      ? {
          kind: 'postgres' as const,
          entry: PG_DUMP_ENTRY,
          ...(await dumpPostgres(config.databaseUrl, staging, config.pgBinDir)),
        }
      : {
          kind: 'pglite' as const,
          entry: PGLITE_ENTRY,
          versions: undefined,
          ...(await dumpPglite(pgliteDir, staging)),
        };
    // The files after the database: every file a dumped row names was stored before the dump, so
    // it is in the folder now (one stored meanwhile is only extra).
    const uploadsDir = uploadsDirOf(config);
    const manifest: Manifest = {
      format: 'yaocai-backup',
      version: 1,
      createdAt: now.toISOString(),
      database: database.kind,
      databaseEntry: database.entry,
      schema: database.schema,
      counts: database.counts,
      uploads: await folderSize(uploadsDir),
      ...(database.versions ? { postgres: database.versions } : {}),
    };
    await writeFile(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeArchive(partial, staging, database.entry, uploadsDir);
    await rename(partial, file);
    return { manifest, bytes: (await stat(file)).size };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
