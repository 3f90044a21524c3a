// Starts the real server entry (apps/server/src/server.ts) as a child process, as `npm start`
// does, so the load generator never shares the server's event loop; or the bare Fastify
// reference (bench/bare.ts). BENCH_PROFILE=<dir> makes the server write a V8 CPU profile there
// when it exits.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

export interface BenchServer {
  base: string;
  /** The server process (for its CPU time: bench/search-cpu.ts). */
  pid: number;
  stop(): Promise<void>;
}

async function start(
  args: string[],
  env: Record<string, string>,
  port: number,
  probe: string,
): Promise<BenchServer> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}${probe}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`${args.at(-1)} exited with ${child.exitCode}`);
    if (Date.now() - started > 60_000) throw new Error(`${args.at(-1)} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function startServer(databaseUrl: string, port: number): Promise<BenchServer> {
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE]
    : [];
  return start(
    [...profile, '--import', 'tsx', path.join(root, 'apps/server/src/server.ts')],
    {
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: '0',
      NODE_ENV: 'production',
      ALLOW_DEMO_INVOICE: '1',
      ALLOW_LOG_SMS: '1',
      // The catalogue index is measured ready, not while it is being built.
      CATALOG_INDEX_WAIT: '1',
    },
    port,
    '/api/health',
  );
}

/**
 * bench/bare.ts; with `jsonFile`, GET /json answers that JSON; with `databaseUrl`, GET /db?n=K
 * answers after K trivial prepared queries (see bare.ts).
 */
export function startBare(
  port: number,
  jsonFile?: string,
  databaseUrl?: string,
  /** The store whose cart list's reads GET /cart-reads makes (see bare.ts). */
  cartUserId?: number,
): Promise<BenchServer> {
  return start(
    ['--import', 'tsx', path.join(here, 'bare.ts')],
    {
      ...(jsonFile ? { BARE_JSON_FILE: jsonFile } : {}),
      ...(databaseUrl ? { BARE_DATABASE_URL: databaseUrl } : {}),
      ...(cartUserId ? { BARE_CART_USER: String(cartUserId) } : {}),
    },
    port,
    '/hello',
  );
}
