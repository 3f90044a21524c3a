import path from 'node:path';
import type { Writable } from 'node:stream';

// `npm run backup` runs the root script in the repository root, which runs `npm run backup -w
// apps/server` inside apps/server; npm keeps the folder the inner npm started in (the repository
// root, where `npm start` runs the server too) as INIT_CWD. Paths typed to the command (a backup
// FILE, a relative DATA_DIR) mean that folder, not apps/server.

export interface CommandIo {
  argv: string[];
  env: NodeJS.ProcessEnv;
  stdout: Writable;
  stderr: Writable;
}

const invocationDir = (env: NodeJS.ProcessEnv) => env.INIT_CWD || process.cwd();

/** A path as typed, from the folder npm ran the root script in. */
export const typedPath = (env: NodeJS.ProcessEnv, typed: string) => path.resolve(invocationDir(env), typed);

/** The environment with a relative DATA_DIR made absolute from that folder, as the server reads it. */
export function invocationEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env.DATA_DIR && !path.isAbsolute(env.DATA_DIR)
    ? { ...env, DATA_DIR: typedPath(env, env.DATA_DIR) }
    : env;
}

/** `1.2 MB` */
export function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
