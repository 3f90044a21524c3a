import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverRoot } from '../src/config';

// The compiled roles (apps/server/dist, built by build.mjs) started with plain `node` as processes
// of their own: the web process (dist/server.js) and the worker (dist/worker.js).

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  /** Everything the process wrote so far (JSON log lines). */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
}

const started: ServerProcess[] = [];
const tempDirs: string[] = [];

/**
 * Starts dist/server.js (or `entry`, dist/worker.js) with `env` on a free port, in a data folder
 * of its own.
 */
export async function startServer(
  env: Record<string, string>,
  entry: 'dist/server.js' | 'dist/worker.js' = 'dist/server.js',
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yaocai-compiled-'));
  tempDirs.push(dataDir);
  const { NODE_OPTIONS, DATABASE_URL, REDIS_URL, ...inherited } = process.env;
  const child = spawn(process.execPath, [entry], {
    cwd: serverRoot,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      // The test stands in for the proxy: its X-Forwarded-For names the client.
      TRUST_PROXY: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = {
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    kill: (signal: NodeJS.Signals) => child.kill(signal),
  };
  started.push(server);
  return server;
}

/** Polls /api/health until the server answers; fails at once if the process dies. */
export async function waitForHealth(server: ServerProcess): Promise<{ status: string; database: string }> {
  let exitCode: number | null | undefined;
  server.exited.then((code) => {
    exitCode = code;
  });
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`the compiled server exited (${exitCode}):\n${server.output()}`);
    try {
      const response = await fetch(`${server.baseUrl}/api/health`);
      if (response.ok)
        return ((await response.json()) as { data: { status: string; database: string } }).data;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the compiled server did not answer /api/health:\n${server.output()}`);
}

/** Polls `output` of a process until `pattern` shows; fails at once if the process dies. */
export async function waitForOutput(server: ServerProcess, pattern: RegExp, ms = 150_000): Promise<void> {
  let exitCode: number | null | undefined;
  server.exited.then((code) => {
    exitCode = code;
  });
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (pattern.test(server.output())) return;
    if (exitCode !== undefined) throw new Error(`the process exited (${exitCode}):\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${pattern} in the output:\n${server.output()}`);
}

/** Kills every process started (SIGKILL) and removes their data folders. */
export async function stopAll(): Promise<void> {
  for (const server of started.splice(0)) {
    server.kill('SIGKILL');
    await server.exited;
  }
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
