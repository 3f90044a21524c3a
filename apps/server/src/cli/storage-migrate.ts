import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config';
import { openS3Storage } from '../lib/s3-storage';
import { type FileStorage, isSafeKey } from '../lib/storage';

// `npm run storage:migrate`: copies the files kept in DATA_DIR/uploads (STORAGE=local) into the
// bucket STORAGE=s3 names, under the same keys, so the rows that point at them keep working
// once the server starts with STORAGE=s3. Run it again at will: an object already in the bucket
// with the same size is skipped. Local files are left in place.

export interface StorageMigrateIo {
  env: NodeJS.ProcessEnv;
  stdout: Writable;
  stderr: Writable;
}

export interface MigrationCounts {
  copied: number;
  skipped: number;
  failed: number;
  /** Files whose names no upload would have (a stray editor backup, a probe): left alone. */
  ignored: number;
}

/** How many files are copied at once: a little overlap of network waits, gentle on a 2-core box. */
const PARALLEL = 4;

/** The files under root as storage keys (relative, `/`-separated) with their sizes. */
async function filesUnder(root: string): Promise<{ key: string; size: number }[]> {
  let names: string[];
  try {
    names = await readdir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: { key: string; size: number }[] = [];
  for (const name of names.sort()) {
    const info = await stat(path.join(root, name));
    if (info.isFile()) found.push({ key: name.split(path.sep).join('/'), size: info.size });
  }
  return found;
}

/** Copies every file of `root` missing from `target` (or there with another size). */
export async function migrateFiles(
  root: string,
  target: FileStorage,
  report: (line: string) => void,
): Promise<MigrationCounts> {
  const counts: MigrationCounts = { copied: 0, skipped: 0, failed: 0, ignored: 0 };
  const found = await filesUnder(root);
  let next = 0;
  const worker = async () => {
    while (next < found.length) {
      const { key, size } = found[next++];
      if (!isSafeKey(key)) {
        counts.ignored++;
        report(`忽略 (ignored, not an upload's name): ${key}`);
        continue;
      }
      try {
        if ((await target.size(key)) === size) {
          counts.skipped++;
          continue;
        }
        await target.put(key, await readFile(path.join(root, key)));
        counts.copied++;
      } catch (error) {
        counts.failed++;
        const cause = (error as { cause?: unknown }).cause;
        report(`失败 (failed): ${key}: ${(cause as Error | undefined)?.message ?? (error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return counts;
}

/** Runs the command; answers the exit code (0 done, 1 some file failed or the bucket is unreachable, 2 usage). */
export async function storageMigrateCli(io: StorageMigrateIo): Promise<number> {
  const say = (text: string) => io.stdout.write(`${text}\n`);
  const complain = (text: string) => io.stderr.write(`${text}\n`);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    complain((error as Error).message);
    return 2;
  }
  if (config.storage.kind !== 's3') {
    complain(
      '请设置 STORAGE=s3 及 S3_* 变量后再运行 (set STORAGE=s3 and the S3_* variables: the bucket to copy into)',
    );
    return 2;
  }
  const target = await openS3Storage(config.storage);
  const root = path.join(config.dataDir, 'uploads');
  try {
    try {
      await target.check();
    } catch (error) {
      complain(`无法访问存储桶 (bucket unreachable): ${(error as Error).message}`);
      return 1;
    }
    say(`从 ${root} 复制到存储桶 (copying ${root} into the bucket)`);
    const counts = await migrateFiles(root, target, complain);
    say(
      `已复制 ${counts.copied} 个，已存在跳过 ${counts.skipped} 个，失败 ${counts.failed} 个，忽略 ${counts.ignored} 个` +
        `  (copied ${counts.copied}, skipped ${counts.skipped} already there, failed ${counts.failed}, ignored ${counts.ignored})`,
    );
    return counts.failed > 0 ? 1 : 0;
  } finally {
    target.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await storageMigrateCli({ env: process.env, stdout: process.stdout, stderr: process.stderr });
  process.exit(code);
}
