import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { type Manifest, manifestSchema } from './manifest';
import { BackupRefusal } from './refusal';

// One backup is one plain tar file (its database dump is compressed already): manifest.json
// first, so a restore reads it without going through the rest, then the database entry, then
// the local files under uploads/.

export const MANIFEST_ENTRY = 'manifest.json';
const UPLOADS = 'uploads';

async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** How many files, and bytes, a folder holds (0 when it does not exist). */
export async function folderSize(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const name of await entriesOf(dir)) {
    const full = path.join(dir, name);
    const info = await stat(full);
    if (info.isDirectory()) {
      const inner = await folderSize(full);
      files += inner.files;
      bytes += inner.bytes;
    } else if (info.isFile()) {
      files += 1;
      bytes += info.size;
    }
  }
  return { files, bytes };
}

/** Writes `file` from the manifest and database dump in `staging` and the files in `uploadsDir`. */
export async function writeArchive(
  file: string,
  staging: string,
  databaseEntry: string,
  uploadsDir: string,
): Promise<void> {
  await tar.c({ file, cwd: staging, portable: true }, [MANIFEST_ENTRY, databaseEntry]);
  const uploads = await entriesOf(uploadsDir);
  if (uploads.length > 0) await tar.r({ file, cwd: uploadsDir, prefix: UPLOADS, portable: true }, uploads);
}

const notABackup = (file: string, why: string) =>
  new BackupRefusal(`${file} 不是药采的备份文件（${why}）`, `${file} is not a Yaocai backup (${why})`);

/** The manifest of a backup file, read and checked before anything is extracted. */
export async function readManifest(file: string): Promise<Manifest> {
  const chunks: Buffer[] = [];
  let found = false;
  try {
    await tar.t({
      file,
      filter: (entryPath) => entryPath === MANIFEST_ENTRY,
      onReadEntry: (entry) => {
        found = true;
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupRefusal(`找不到备份文件 ${file}`, `no such file: ${file}`);
    throw notABackup(file, (error as Error).message);
  }
  if (!found) throw notABackup(file, 'no manifest.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw notABackup(file, 'manifest.json is not JSON');
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) throw notABackup(file, 'manifest.json has an unexpected shape');
  return manifest.data;
}

/** Extracts the database entry and the files into `dir` (nothing else, nothing outside it). */
export async function extractArchive(file: string, dir: string, manifest: Manifest): Promise<void> {
  await tar.x({
    file,
    cwd: dir,
    strict: true,
    filter: (entryPath) =>
      entryPath === manifest.databaseEntry || entryPath === UPLOADS || entryPath.startsWith(`${UPLOADS}/`),
  });
}
