/**
 * Budget check for GET /api/user/base (the header asks on every page): throughput at least 40%
 * of a bare Fastify hello-world route at 50 connections, p99 under 20 ms, on PostgreSQL.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/user-base.bench.ts
 *
 * Creates (and drops) a scratch database next to the one named, loads the demo data, logs in
 * as the demo buyer and measures both routes for 10 s each.
 */

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createScratchDatabase } from '../apps/server/src/db/scratch';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;

/** autocannon runs in a process of its own, so it does not share the servers' event loop. */
async function run(url: string, headers: Record<string, string> = {}) {
  const args = ['autocannon', '-j', '-c', String(connections), '-d', String(duration)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const { stdout } = await promisify(execFile)('npx', [...args, url], { maxBuffer: 10_000_000 });
  const result = JSON.parse(stdout);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main() {
  const scratch = await createScratchDatabase(adminUrl, 'yc_bench');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yaocai-bench-'));
  try {
    const hello = Fastify();
    hello.get('/hello', async () => ({ hello: 'world' }));
    await hello.listen({ port: 0, host: '127.0.0.1' });
    const helloPort = (hello.server.address() as { port: number }).port;

    const config = {
      ...loadConfig({ DATA_DIR: dataDir, DATABASE_URL: scratch.url }),
      logLevel: 'warn',
    };
    const app = await buildApp({ config });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (app.server.address() as { port: number }).port;
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: '13800000001', password: 'Demo@123456' },
      headers: { origin: 'http://localhost' },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

    await run(`http://127.0.0.1:${helloPort}/hello`); // warm-up
    const bare = await run(`http://127.0.0.1:${helloPort}/hello`);
    await run(`http://127.0.0.1:${appPort}/api/user/base`, { cookie });
    const base = await run(`http://127.0.0.1:${appPort}/api/user/base`, { cookie });
    const visitor = await run(`http://127.0.0.1:${appPort}/api/user/base`);
    const ratio = base.rps / bare.rps;
    console.log(JSON.stringify({ bare, base, visitor, ratio: Number(ratio.toFixed(3)) }, null, 2));
    const pass = ratio >= 0.4 && base.p99 < 20 && base.non2xx === 0;
    console.log(pass ? 'PASS: user/base within budget' : 'FAIL: user/base over budget');
    await app.close();
    await hello.close();
    process.exitCode = pass ? 0 : 1;
  } finally {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
