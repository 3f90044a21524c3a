import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type AppConfig, pgliteDirOf, uploadsDirOf } from '../../config';
import { extractArchive, folderSize, readManifest } from './archive';
import { type KeyCounts, knownMigrations, type Manifest, newerSchemaProblem } from './manifest';
import { loadPglite, refuseWhilePgliteOpen } from './pglite';
import { checkRestoreTool, inspectPostgresTarget, restorePostgres } from './postgres';
import { BackupRefusal } from './refusal';

// `npm run restore -- FILE [--force]`: puts a backup back into the database the server uses and
// DATA_DIR/uploads. Everything that can refuse does so before anything is touched: a file that is
// not a backup, another kind of database, a schema newer than this code, a database in use, a
// target that is not empty (unless --force).

export interface RestoreResult {
  manifest: Manifest;
  /** What the restored database holds (checked against the manifest). */
  counts: KeyCounts;
  /** Folders that were in the way, kept under a new name (PGlite and uploads, with --force). */
  movedAside: string[];
  /** Migrations the next server start applies (the backup is of an older schema). */
  pendingMigrations: number;
}

const isEmptyFolder = async (dir: string) => !existsSync(dir) || (await readdir(dir)).length === 0;

function sameCounts(a: KeyCounts, b: KeyCounts): boolean {
  return (Object.keys(a) as (keyof KeyCounts)[]).every((key) => a[key] === b[key]);
}

const countsDiffer = (manifest: Manifest, counts: KeyCounts) =>
  new Error(
    `the restored database does not hold what the backup's manifest says: ${JSON.stringify(counts)} instead of ${JSON.stringify(manifest.counts)}`,
  );

/** The refusals that need no extraction: the manifest, the kind, the schema, the target. */
async function preflight(config: AppConfig, manifest: Manifest, force: boolean): Promise<void> {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind)
    throw new BackupRefusal(
      `该备份来自 ${manifest.database} 数据库，而目标是 ${kind}：只能恢复到同类数据库`,
      `the backup is of a ${manifest.database} database and the target is ${kind}: restore into the same kind`,
    );
  const newer = newerSchemaProblem(manifest.schema);
  if (newer) throw new BackupRefusal(newer.zh, newer.en);
  const inTheWay: string[] = [];
  if (config.databaseUrl) {
    await checkRestoreTool(manifest.postgres?.pgDump ?? '0', config.pgBinDir);
    const target = await inspectPostgresTarget(config.databaseUrl);
    // Catches a busy server or worker; one whose pool has gone idle holds no session and is not
    // seen, hence "stop them first" in the README.
    if (target.otherSessions > 0)
      throw new BackupRefusal(
        `目标数据库还有 ${target.otherSessions} 个其他连接：请先停止所有服务器与后台进程`,
        `${target.otherSessions} other sessions are connected to the target database: stop every server and worker first`,
      );
    if (target.tables > 0) inTheWay.push(`数据库 database (${target.tables} tables)`);
  } else {
    const pgliteDir = pgliteDirOf(config);
    refuseWhilePgliteOpen(pgliteDir);
    if (!(await isEmptyFolder(pgliteDir))) inTheWay.push(pgliteDir);
  }
  const uploads = await folderSize(uploadsDirOf(config));
  if (uploads.files > 0) inTheWay.push(`${uploadsDirOf(config)} (${uploads.files} files)`);
  if (inTheWay.length > 0 && !force)
    throw new BackupRefusal(
      `目标不是空的：${inTheWay.join('、')}。确认要用备份替换现有数据时，请加 --force`,
      `the target is not empty: ${inTheWay.join(', ')}. To replace what is there with the backup, add --force`,
    );
}

/** Moves a folder in the way to `<folder>.before-restore-<time>` (an empty one is removed). */
async function clearPlace(dir: string, stamp: string, movedAside: string[]): Promise<void> {
  if (!existsSync(dir)) return;
  if (await isEmptyFolder(dir)) return rm(dir, { recursive: true, force: true });
  const aside = `${dir}.before-restore-${stamp}`;
  await rename(dir, aside);
  movedAside.push(aside);
}

export async function restoreBackup(
  config: AppConfig,
  file: string,
  options: { force: boolean; now: Date },
): Promise<RestoreResult> {
  const manifest = await readManifest(file);
  await preflight(config, manifest, options.force);
  await mkdir(config.dataDir, { recursive: true });
  // Inside DATA_DIR: the restored folders are renamed into place on the same disk.
  const staging = await mkdtemp(path.join(config.dataDir, '.restore-'));
  const stamp = options.now.toISOString().replace(/[:.]/g, '-');
  const movedAside: string[] = [];
  try {
    await extractArchive(file, staging, manifest);
    const dumpFile = path.join(staging, manifest.databaseEntry);
    if (!existsSync(dumpFile))
      throw new BackupRefusal(`备份文件 ${file} 缺少数据库部分`, `${file} holds no database dump`);
    let counts: KeyCounts;
    if (config.databaseUrl) {
      counts = await restorePostgres(config.databaseUrl, dumpFile, staging, config.pgBinDir);
      if (!sameCounts(counts, manifest.counts)) throw countsDiffer(manifest, counts);
    } else {
      const loaded = path.join(staging, 'pglite');
      counts = await loadPglite(dumpFile, loaded);
      // Checked before the swap: a damaged dump leaves the old database where it was.
      if (!sameCounts(counts, manifest.counts)) throw countsDiffer(manifest, counts);
      await clearPlace(pgliteDirOf(config), stamp, movedAside);
      await rename(loaded, pgliteDirOf(config));
    }
    const uploadsDir = uploadsDirOf(config);
    await clearPlace(uploadsDir, stamp, movedAside);
    const restoredUploads = path.join(staging, 'uploads');
    if (existsSync(restoredUploads)) await rename(restoredUploads, uploadsDir);
    else await mkdir(uploadsDir, { recursive: true });
    return {
      manifest,
      counts,
      movedAside,
      pendingMigrations: Math.max(0, knownMigrations().length - manifest.schema.applied),
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
