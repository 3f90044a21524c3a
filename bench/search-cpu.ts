/**
 * CPU time per request of the catalogue's reads (issues 34 and 37), a measure that
 * survives a loaded machine where latency does not: the server's own CPU (utime + stime of its
 * process, /proc/<pid>/stat) and that of its PostgreSQL backends (found by the application name
 * the server's pool connects with), before and after N distinct requests sent at a few
 * connections, divided by N. The result cache is off (CATALOG_CACHE_TTL_MS=0), as in the search
 * bench group; the first requests of each call warm the server up and are not counted.
 *
 * Calls: `list` (keyword lists), `suggest` (suggestions), `both` (those two), `browse` (the
 * distinct filter/sort/page lists of bench/catalog-distinct.ts, result cache off), `browse-cached`
 * (the same URLs with the result cache on, asked once before counting so every counted request is
 * a hit), `buyers` (the filter lists as signed-in buyers, cache off), `admin` (the console goods
 * list's 792 URLs of bench/scenarios/admin-goods.ts, as the demo operator `admin`) and `floor`
 * (bare Fastify making four trivial prepared round trips, the budgets' floor).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/yaocai_bench \
 *     npx tsx bench/search-cpu.ts [list|suggest|both|browse|browse-cached|buyers|floor] [N]
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { DbSessionStore } from '../apps/server/src/lib/session-store';
import { distinctJobs, type Job } from './catalog-distinct';
import { backendPids, cpuMs, withAppName } from './proc-cpu';
import { listPaths as adminListPaths } from './scenarios/admin-goods';
import { keywordListJobs, suggestionJobs } from './search-keywords';
import { type BenchServer, startBare, startServer } from './server';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/yaocai_bench';
const port = Number(process.env.BENCH_PORT ?? 3403);
const which = process.argv[2] ?? 'both';
const count = Number(process.argv[3] ?? 2_000);
const WARM_UP = 300;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const appName = `search-cpu-${process.pid}`;

async function send(base: string, jobs: readonly Job[]): Promise<{ failed: number; bytes: number }> {
  let next = 0;
  let failed = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < jobs.length) {
        const { path, cookie } = jobs[next++];
        // No compression asked, as autocannon in the bench asks none.
        const response = await fetch(`${base}${path}`, {
          headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) },
        });
        const body = await response.arrayBuffer();
        bytes += body.byteLength;
        if (!response.ok) failed += 1;
      }
    }),
  );
  return { failed, bytes };
}

async function measure(
  name: string,
  jobsOf: (base: string) => Job[] | Promise<Job[]>,
  options: { cached?: boolean; bare?: boolean } = {},
) {
  const named = withAppName(url, appName);
  const server: BenchServer = options.bare
    ? await startBare(port, undefined, named)
    : await startServer(named, port);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const jobs = await jobsOf(server.base);
    await send(server.base, jobs.slice(-WARM_UP));
    const measured = jobs.slice(0, Math.min(count, jobs.length - WARM_UP));
    if (options.cached) await send(server.base, measured);
    const before = new Map((await backendPids(admin, appName)).map((pid) => [pid, cpuMs(pid)]));
    const nodeBefore = cpuMs(server.pid);
    const started = performance.now();
    const { failed, bytes } = await send(server.base, measured);
    const wall = performance.now() - started;
    const nodeMs = cpuMs(server.pid) - nodeBefore;
    // Backends opened during the run count whole; those closed during it are lost (the pool
    // keeps its connections while busy).
    let pgMs = 0;
    const backends = await backendPids(admin, appName);
    for (const pid of backends) pgMs += cpuMs(pid) - (before.get(pid) ?? 0);
    if (process.env.BENCH_VERBOSE) console.log(`server ${server.pid}, backends ${backends.join(' ')}`);
    const n = measured.length;
    console.log(
      `${name}: ${n} requests (${failed} failed), ${(bytes / n / 1024).toFixed(1)} KB each, ` +
        `${(n / (wall / 1000)).toFixed(0)} req/s at ${CONNECTIONS} connections; CPU per request: ` +
        `Node ${(nodeMs / n).toFixed(2)} ms + PostgreSQL ${(pgMs / n).toFixed(2)} ms = ${((nodeMs + pgMs) / n).toFixed(2)} ms`,
    );
  } finally {
    await admin.end();
    await server.stop();
  }
}

process.env.CATALOG_CACHE_TTL_MS = '0';
if (which === 'list' || which === 'both') await measure('keyword list', keywordListJobs);
if (which === 'suggest' || which === 'both') await measure('suggestions', suggestionJobs);
if (which === 'browse') await measure('browse list, cache off', distinctJobs.filters);
if (which === 'buyers') await measure('browse list as buyers, cache off', distinctJobs.buyers);
if (which === 'admin') {
  // A session of the demo operator, written as the console's login writes it.
  const database = await openDatabase({ url });
  const sid = randomBytes(32).toString('base64url');
  try {
    const found = await database.db.execute("select id from operators where username = 'admin'" as never);
    const [{ id }] = found.rows as { id: number }[];
    await new DbSessionStore(database.db).set(
      sid,
      { operatorId: id, operatorVersion: 0, loginAt: Date.now() },
      7200,
    );
  } finally {
    await database.close();
  }
  const paths = adminListPaths();
  await measure('console goods list', () =>
    Array.from({ length: paths.length * 4 }, (_, i) => ({
      path: paths[i % paths.length],
      cookie: `yc_admin_sid=${sid}`,
    })),
  );
}
if (which === 'floor')
  await measure(
    'floor (bare Fastify, 4 trivial queries)',
    () => Array.from({ length: 3_000 }, () => ({ path: '/db?n=4' })),
    {
      bare: true,
    },
  );
if (which === 'browse-cached') {
  // The result cache on, for long enough that the second asking of each URL is a hit.
  process.env.CATALOG_CACHE_TTL_MS = '600000';
  await measure('browse list, cache on (hits)', distinctJobs.filters, { cached: true });
}
