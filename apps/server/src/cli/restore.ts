import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config';
import { describeCounts } from '../db/backup/manifest';
import { BackupRefusal } from '../db/backup/refusal';
import { restoreBackup } from '../db/backup/restore';
import { type CommandIo, invocationEnv, sizeOf, typedPath } from './invocation';

// `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` back into the
// database the server uses and DATA_DIR/uploads (stop the servers first). Refuses a schema newer
// than this code and, without --force, a target that is not empty. See db/backup/.

const USAGE = 'usage: npm run restore -- FILE [--force]';

/** Runs the command; answers the exit code (0 done, 1 refused or failed, 2 usage). */
export async function restoreCli(io: CommandIo): Promise<number> {
  const complain = (text: string) => io.stderr.write(`${text}\n`);
  const force = io.argv.includes('--force');
  const rest = io.argv.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || rest[0]?.startsWith('-')) {
    complain(USAGE);
    return 2;
  }
  const file = typedPath(io.env, rest[0] as string);
  try {
    const config = loadConfig(invocationEnv(io.env));
    const result = await restoreBackup(config, file, { force, now: new Date() });
    const { manifest } = result;
    const lines = [
      `已恢复 ${file}  (restored the backup of ${manifest.createdAt})`,
      `  数据库 database: ${manifest.database}, 迁移 migration ${manifest.schema.migration ?? 'none'}`,
      `  ${describeCounts(result.counts)}`,
      `  本地文件 local files: ${manifest.uploads.files} (${sizeOf(manifest.uploads.bytes)})`,
      ...result.movedAside.map((dir) => `  原有数据已移至 ${dir}  (what was there is kept here)`),
      ...(result.pendingMigrations > 0
        ? [
            `  服务器下次启动时将执行 ${result.pendingMigrations} 个新迁移  (the next server start applies ${result.pendingMigrations} newer migrations)`,
          ]
        : []),
    ];
    io.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof BackupRefusal) complain(`${error.zh}\n${error.en}`);
    else complain(`恢复失败 (restore failed): ${(error as Error).message}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await restoreCli({
    argv: process.argv.slice(2),
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
  });
  process.exit(code);
}
