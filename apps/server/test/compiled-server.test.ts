import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../src/config';
import { createScratchDatabase, type ScratchDatabase } from '../src/db/scratch';
import { testDbKind } from './helpers';

/**
 * The production path: build apps/server/dist with build.mjs, start it with plain `node` (no
 * tsx, no loader) on an empty database in a temporary DATA_DIR (or a scratch PostgreSQL database
 * on the PostgreSQL run), and use it over HTTP until it shuts down on SIGTERM.
 */
async function freePort(): Promise<number> {
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

let child: ChildProcess;
let baseUrl: string;
let output = '';
let exited: Promise<number | null>;
let dataDir: string;
let scratch: ScratchDatabase | undefined;

beforeAll(async () => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverRoot, stdio: 'pipe' });
  dataDir = mkdtempSync(path.join(tmpdir(), 'yaocai-compiled-'));
  if (testDbKind === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    scratch = await createScratchDatabase(serverUrl, 'yc_compiled');
  }
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const { NODE_OPTIONS, DATABASE_URL, REDIS_URL, ...env } = process.env;
  child = spawn(process.execPath, ['dist/server.js'], {
    cwd: serverRoot,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

/** Polls /api/health until the server answers; fails at once if the process dies. */
async function waitForHealth(): Promise<{ status: string; database: string }> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the compiled server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok)
        return ((await response.json()) as { data: { status: string; database: string } }).data;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the compiled server did not answer /api/health:\n${output}`);
}

describe('the compiled server (apps/server/dist)', () => {
  it('migrates, loads the demo data, serves a logged-in buyer and stops on SIGTERM', async () => {
    expect(await waitForHealth()).toEqual({ status: 'ok', database: testDbKind });

    const login = await fetch(`${baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=13800000001&password=Demo%40123456',
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    expect(cookie.length).toBeGreaterThan(0);
    const base = await fetch(`${baseUrl}/api/user/base`, { headers: { cookie: cookie.join('; ') } });
    expect(base.status).toBe(200);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 200_000);
});
