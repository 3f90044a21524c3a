import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config';
import { createBackup } from '../db/backup/backup';
import { describeCounts } from '../db/backup/manifest';
import { BackupRefusal } from '../db/backup/refusal';
import { type CommandIo, invocationEnv, sizeOf, typedPath } from './invocation';

// `npm run backup -- FILE`: writes the database the server uses (DATABASE_URL: pg_dump while the
// site runs; else DATA_DIR's PGlite, with its server stopped) and DATA_DIR/uploads to FILE, with a
// manifest. See db/backup/.

const USAGE = 'usage: npm run backup -- FILE';

/** Runs the command; answers the exit code (0 done, 1 refused or failed, 2 usage). */
export async function backupCli(io: CommandIo): Promise<number> {
  const complain = (text: string) => io.stderr.write(`${text}\n`);
  if (io.argv.length !== 1 || io.argv[0]?.startsWith('-')) {
    complain(USAGE);
    return 2;
  }
  const file = typedPath(io.env, io.argv[0] as string);
  try {
    const config = loadConfig(invocationEnv(io.env));
    const { manifest, bytes } = await createBackup(config, file, new Date());
    const lines = [
      `已备份到 ${file}  (backup written, ${sizeOf(bytes)})`,
      `  数据库 database: ${manifest.database}, 迁移 migration ${manifest.schema.migration ?? 'none'}${manifest.postgres ? `, server ${manifest.postgres.server}, pg_dump ${manifest.postgres.pgDump}` : ''}`,
      `  ${describeCounts(manifest.counts)}`,
      `  本地文件 local files: ${manifest.uploads.files} (${sizeOf(manifest.uploads.bytes)})`,
    ];
    io.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof BackupRefusal) complain(`${error.zh}\n${error.en}`);
    else complain(`备份失败 (backup failed): ${(error as Error).message}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await backupCli({
    argv: process.argv.slice(2),
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
  });
  process.exit(code);
}
