// Starts the real server entry (apps/server/src/server.ts) as a child process, as `npm start`
// does, so the load generator never shares the server's event loop. BENCH_PROFILE=<dir> makes
// the server write a V8 CPU profile there when it exits.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BenchServer {
  base: string;
  stop(): Promise<void>;
}

export async function startServer(databaseUrl: string, port: number): Promise<BenchServer> {
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE]
    : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', path.join(root, 'apps/server/src/server.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO_DATA: '0',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() - started > 60_000) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
