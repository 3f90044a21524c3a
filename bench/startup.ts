// Server start time with an existing build and database (issue budget: under 3 s).
// Starts `npm start`'s server entry as a child process N times against the same data folder
// (the first run creates and seeds it, and is reported apart) and times spawn -> first 200
// from /api/health.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function startOnce(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error('server did not start within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export async function runStartupBench(runs = 5) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yaocai-startup-'));
  try {
    const first = await startOnce(dataDir, 3917);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await startOnce(dataDir, 3917));
    times.sort((a, b) => a - b);
    const result = {
      firstStartMs: Math.round(first),
      medianMs: Math.round(times[Math.floor(times.length / 2)]),
      maxMs: Math.round(times[times.length - 1]),
    };
    console.log(
      `startup: first start (migrate + seed) ${result.firstStartMs} ms; with existing build and database: median ${result.medianMs} ms, max ${result.maxMs} ms over ${runs} runs`,
    );
    return result;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runStartupBench();
