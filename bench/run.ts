/**
 * Benchmarks (npm run bench [-- group ...]). Groups: content, catalog, pglite, catalog-distinct,
 * catalog-distinct-pglite, search, search-pglite (autocannon scenarios below; the distinct groups' URLs and buyer
 * cookies are built in bench/catalog-distinct.ts), and startup, userbase, cart, order, admingoods, quickbuy, pricing, lcp, web (scripts of their own, see
 * scriptGroups). Default: all.
 *
 * Each group starts the servers it needs as child processes — a bare Fastify hello-world (the
 * reference measured in the same run) and the app on PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/yaocai_bench; created and filled with 100,000 goods if
 * needed) or on PGlite (bench/.data, filled likewise) — runs autocannon scenarios, prints
 * req/s and p50/p99 and rewrites bench/RESULTS.md.
 *
 * Extend: add a Scenario to `scenarios` (group, target, path(s), connections, budget).
 * BENCH_DURATION (seconds, default 10) and BENCH_GOODS (default 100000) tune a run.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { distinctJobs, type Job } from './catalog-distinct';
import { keywordListJobs, suggestionJobs } from './search-keywords';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const goodsWanted = Number(process.env.BENCH_GOODS ?? 100_000);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/yaocai_bench';
const pgliteDir = path.join(here, '.data');

type Target = 'bare' | 'postgres' | 'pglite';
const ports: Record<Target, number> = { bare: 3901, postgres: 3902, pglite: 3903 };

interface Scenario {
  group: string;
  name: string;
  target: Target;
  /** Paths cycled over by the connections. */
  paths: string[];
  /**
   * Instead of `paths`: requests built against the running server (distinct URLs, session
   * cookies), handed out in turn across all connections so no two connections walk in step.
   */
  jobs?: (base: string) => Promise<Job[]>;
  connections: number;
  /** Extra environment of the app server (e.g. CATALOG_CACHE_TTL_MS=0: result caches off). */
  env?: Record<string, string>;
  budget?: { p99Ms?: number; minShareOfBare?: number };
}

/**
 * Statements of one uncached goods/list request by a visitor (the floor row makes as many, one
 * after another): the page's rows and its total (together), then the flash-sale and
 * daily-special prices of the page's goods (together). A signed-in buyer adds its session read.
 */
const LIST_ROUND_TRIPS = Number(process.env.BENCH_LIST_ROUND_TRIPS ?? 4);
const keywords = ['amxl', '阿莫西林', 'blf', '感冒', 'ganmao', 'hxzq', '布洛芬', 'lhqw', '维生素', 'xyj'];
const listPaths = (categoryIds: number[]) =>
  categoryIds.flatMap((id) => [
    `/api/goods/list?category_id=${id}&sort=sales&page=1`,
    `/api/goods/list?category_id=${id}&sort=price_asc&page=1`,
  ]);
const searchPaths = keywords.map((k) => `/api/goods/search?keywords=${encodeURIComponent(k)}&type=0`);
const topCategories = [1, 2, 3, 4, 5];

const scenarios: Scenario[] = [
  { group: 'content', name: 'bare Fastify hello-world', target: 'bare', paths: ['/hello'], connections: 50 },
  {
    group: 'content',
    name: 'GET /api/focus/common (PostgreSQL)',
    target: 'postgres',
    paths: ['/api/focus/common'],
    connections: 50,
    budget: { p99Ms: 20, minShareOfBare: 0.4 },
  },
  { group: 'spike', name: 'bare Fastify hello-world', target: 'bare', paths: ['/hello'], connections: 32 },
  {
    group: 'spike',
    name: 'GET /api/index/spike flash-sale slots (PostgreSQL)',
    target: 'postgres',
    paths: ['/api/index/spike'],
    connections: 32,
    budget: { p99Ms: 30 },
  },
  { group: 'catalog', name: 'bare Fastify hello-world', target: 'bare', paths: ['/hello'], connections: 32 },
  {
    group: 'catalog',
    name: 'GET /api/goods/list category + sort, page 1 (PostgreSQL)',
    target: 'postgres',
    paths: listPaths(topCategories),
    connections: 32,
    budget: { p99Ms: 50 },
  },
  {
    group: 'catalog',
    name: 'GET /api/goods/search suggestions (PostgreSQL)',
    target: 'postgres',
    paths: searchPaths,
    connections: 32,
    budget: { p99Ms: 30 },
  },
  {
    group: 'catalog',
    name: 'GET /api/goods/list category + sort, page 1 (PostgreSQL, result cache off)',
    target: 'postgres',
    paths: listPaths(topCategories),
    connections: 32,
    env: { CATALOG_CACHE_TTL_MS: '0' },
  },
  {
    group: 'catalog',
    name: 'GET /api/goods/search suggestions (PostgreSQL, result cache off)',
    target: 'postgres',
    paths: searchPaths,
    connections: 32,
    env: { CATALOG_CACHE_TTL_MS: '0' },
  },
  ...distinctScenarios(),
  ...searchScenarios(),
  {
    group: 'pglite',
    name: 'GET /api/goods/list category + sort, page 1 (PGlite, result cache off)',
    target: 'pglite',
    paths: listPaths(topCategories),
    connections: 1,
    env: { CATALOG_CACHE_TTL_MS: '0' },
    budget: { p99Ms: 150 },
  },
  {
    group: 'pglite',
    name: 'GET /api/goods/search suggestions (PGlite, result cache off)',
    target: 'pglite',
    paths: searchPaths,
    connections: 1,
    env: { CATALOG_CACHE_TTL_MS: '0' },
    budget: { p99Ms: 150 },
  },
  {
    group: 'pglite',
    name: 'GET /api/goods/list category + sort, page 1 (PGlite)',
    target: 'pglite',
    paths: listPaths(topCategories),
    connections: 1,
    budget: { p99Ms: 150 },
  },
  {
    group: 'pglite',
    name: 'GET /api/goods/search suggestions (PGlite)',
    target: 'pglite',
    paths: searchPaths,
    connections: 1,
    budget: { p99Ms: 150 },
  },
];

/**
 * catalog-distinct: the catalogue list asked with thousands of distinct filter/sort/page URLs
 * and distinct keyword searches (the result cache mostly misses), and by signed-in buyers of five
 * stores, with the result cache off and on; beside them bare Fastify, and bare Fastify making
 * the list's number of sequential trivial round trips to PostgreSQL (the floor of such a route
 * on this machine). catalog-distinct-pglite: the same lists at one connection on PGlite.
 */
function distinctScenarios(): Scenario[] {
  const budget = { p99Ms: 50 };
  const lists = [
    ['distinct filter/sort/page URLs', distinctJobs.filters],
    ['distinct keyword searches', distinctJobs.keywords],
    ['distinct filter URLs, 5 signed-in buyers', distinctJobs.buyers],
  ] as const;
  const out: Scenario[] = [
    {
      group: 'catalog-distinct',
      name: 'bare Fastify hello-world',
      target: 'bare',
      paths: ['/hello'],
      connections: 32,
    },
    {
      group: 'catalog-distinct',
      name: `bare Fastify + ${LIST_ROUND_TRIPS} sequential trivial queries (the list's round trips)`,
      target: 'bare',
      paths: [`/db?n=${LIST_ROUND_TRIPS}`],
      connections: 32,
      env: { BARE_DATABASE_URL: pgUrl },
    },
  ];
  for (const cache of ['off', 'on'] as const)
    for (const [what, jobs] of lists)
      out.push({
        group: 'catalog-distinct',
        name: `GET /api/goods/list, ${what} (PostgreSQL, result cache ${cache})`,
        target: 'postgres',
        paths: [],
        jobs,
        connections: 32,
        env: cache === 'off' ? { CATALOG_CACHE_TTL_MS: '0' } : {},
        budget,
      });
  for (const cache of ['off', 'on'] as const)
    for (const [what, jobs] of lists)
      out.push({
        group: 'catalog-distinct-pglite',
        name: `GET /api/goods/list, ${what} (PGlite, result cache ${cache})`,
        target: 'pglite',
        paths: [],
        jobs,
        connections: 1,
        env: cache === 'off' ? { CATALOG_CACHE_TTL_MS: '0' } : {},
        budget: { p99Ms: 150 },
      });
  return out;
}

/**
 * search: keyword lists and suggestions of over 2,000 distinct realistic keywords
 * (bench/search-keywords.ts) with the result cache off, beside bare Fastify and its floor (the
 * list's four sequential trivial round trips to PostgreSQL); search-pglite: the same at one
 * connection on PGlite.
 */
function searchScenarios(): Scenario[] {
  const off = { CATALOG_CACHE_TTL_MS: '0' };
  return [
    { group: 'search', name: 'bare Fastify hello-world', target: 'bare', paths: ['/hello'], connections: 32 },
    {
      group: 'search',
      name: `bare Fastify + ${LIST_ROUND_TRIPS} sequential trivial queries (the floor)`,
      target: 'bare',
      paths: [`/db?n=${LIST_ROUND_TRIPS}`],
      connections: 32,
      env: { BARE_DATABASE_URL: pgUrl },
    },
    {
      group: 'search',
      name: 'GET /api/goods/list, distinct keywords (PostgreSQL, result cache off)',
      target: 'postgres',
      paths: [],
      jobs: async () => keywordListJobs(),
      connections: 32,
      env: off,
      budget: { p99Ms: 50, minShareOfBare: 0.25 },
    },
    {
      group: 'search',
      name: 'GET /api/goods/search suggestions, distinct keywords (PostgreSQL, result cache off)',
      target: 'postgres',
      paths: [],
      jobs: async () => suggestionJobs(),
      connections: 32,
      env: off,
      budget: { p99Ms: 20, minShareOfBare: 0.4 },
    },
    {
      group: 'search-pglite',
      name: 'GET /api/goods/list, distinct keywords (PGlite, result cache off)',
      target: 'pglite',
      paths: [],
      jobs: async () => keywordListJobs(),
      connections: 1,
      env: off,
      budget: { p99Ms: 100 },
    },
    {
      group: 'search-pglite',
      name: 'GET /api/goods/search suggestions, distinct keywords (PGlite, result cache off)',
      target: 'pglite',
      paths: [],
      jobs: async () => suggestionJobs(),
      connections: 1,
      env: off,
      budget: { p99Ms: 100 },
    },
  ];
}

interface Result {
  scenario: Scenario;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  verdict: string;
}

async function ensurePostgresDatabase() {
  const url = new URL(pgUrl);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(pgUrl), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) {
    if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
}

async function dropPostgresDatabase() {
  const name = new URL(pgUrl).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(pgUrl), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** Tops the catalogue up to BENCH_GOODS goods (migrations, demo seed and generator). */
function fill(env: NodeJS.ProcessEnv) {
  execFileSync(tsx, ['apps/server/demo/generate-scale-data.ts', String(goodsWanted), '--fill'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
}

async function start(target: Target, extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  const port = ports[target];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'fatal',
    NODE_ENV: 'production',
    // The benchmarks log in as the demo stores: their data is asked for explicitly in production.
    SEED_DEMO_DATA: '1',
    // The demo's drawn invoices (a benchmark issues no tax document).
    ALLOW_DEMO_INVOICE: '1',
    // Registration codes to the log: the bench sends no real SMS.
    ALLOW_LOG_SMS: '1',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (target === 'postgres') env.DATABASE_URL = pgUrl;
  if (target === 'pglite') env.DATA_DIR = pgliteDir;
  const child =
    target === 'bare'
      ? spawn(tsx, [path.join(here, 'bare.ts')], { cwd: root, env, stdio: 'inherit' })
      : spawn(tsx, ['apps/server/src/server.ts'], { cwd: root, env, stdio: 'inherit' });
  const probe = target === 'bare' ? '/hello' : '/api/health';
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}${probe}`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`${target} server did not start`);
}

function cannon(port: number, paths: string[], connections: number, seconds: number, jobs?: Job[]) {
  if (jobs?.length) {
    // One shared turn over the jobs: each request takes the next URL (and its cookie).
    let next = 0;
    return autocannon({
      url: `http://127.0.0.1:${port}`,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'GET' as const,
          setupRequest: (request) => {
            const job = jobs[next++ % jobs.length];
            return {
              ...request,
              path: job.path,
              headers: { ...request.headers, ...(job.cookie ? { cookie: job.cookie } : {}) },
            };
          },
        },
      ],
    });
  }
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
}

async function runScenario(s: Scenario, bareRps: number | undefined): Promise<Result> {
  const port = ports[s.target];
  const jobs = s.jobs ? await s.jobs(`http://127.0.0.1:${port}`) : undefined;
  // One request of each path first: the first hit warms caches, query plans and the JIT (of
  // a distinct-URL list, a sample: the rest are meant to be first asks).
  for (const job of jobs?.slice(0, 20) ?? s.paths.map((path) => ({ path, cookie: undefined }))) {
    const res = await fetch(`http://127.0.0.1:${port}${job.path}`, {
      headers: job.cookie ? { cookie: job.cookie } : {},
    });
    if (!res.ok) throw new Error(`${job.path} answered ${res.status}`);
  }
  if (jobs) console.log(`${s.name}: ${jobs.length} distinct requests`);
  await cannon(port, s.paths, s.connections, 2, jobs);
  const r = await cannon(port, s.paths, s.connections, duration, jobs);
  const rps = r.requests.average;
  const checks: string[] = [];
  if (s.budget?.p99Ms !== undefined)
    checks.push(
      r.latency.p99 < s.budget.p99Ms ? `p99 < ${s.budget.p99Ms} ms ✔` : `p99 < ${s.budget.p99Ms} ms ✘`,
    );
  if (s.budget?.minShareOfBare !== undefined && bareRps) {
    const share = rps / bareRps;
    checks.push(
      `${Math.round(share * 100)}% of bare (≥ ${s.budget.minShareOfBare * 100}%) ${share >= s.budget.minShareOfBare ? '✔' : '✘'}`,
    );
  } else if (bareRps && s.target !== 'bare') {
    checks.push(`${Math.round((rps / bareRps) * 100)}% of bare`);
  }
  const result = {
    scenario: s,
    rps,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    verdict: checks.join('; ') || '—',
  };
  console.log(
    `${s.name.padEnd(60)} ${String(Math.round(rps)).padStart(7)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${r.errors + r.non2xx}  ${result.verdict}`,
  );
  return result;
}

/**
 * Benchmarks that are scripts of their own (they build their own data in scratch databases):
 * run as child processes; their printed figures go into RESULTS.md under their group.
 */
const scriptGroups: Record<string, { title: string; file: string; env?: Record<string, string> }> = {
  startup: {
    title: 'Server start with an existing build and database (budget: under 3 s)',
    file: 'startup.ts',
  },
  userbase: {
    title: 'GET /api/user/base vs bare Fastify (50 connections, PostgreSQL)',
    file: 'user-base.bench.ts',
  },
  cart: { title: 'Cart on PostgreSQL (100 lines, 32 connections)', file: 'scenarios/cart.ts' },
  order: {
    title: 'Orders on PostgreSQL (create with 20 lines at 16 connections; list)',
    file: 'scenarios/order.ts',
  },
  spikeorder: {
    title: 'Flash-sale orders on PostgreSQL (one spike line and four others, 64 connections)',
    file: 'scenarios/spike-order.ts',
  },
  admingoods: {
    title: 'Console goods list at 100,000 goods (32 connections, PostgreSQL) and a 5,000-row .xlsx import',
    file: 'scenarios/admin-goods.ts',
  },
  opengoods: {
    title: 'Open API at 100,000 goods: 10,000 goods with stock upserted through /api/open/v1 (PostgreSQL)',
    file: 'scenarios/open-goods.ts',
  },
  quickbuy: {
    title:
      '快捷采购 on PostgreSQL: fast_buy for stores with 2,000 paid orders (32 connections) and a 200-line quick order',
    file: 'scenarios/quick-buy.ts',
  },
  openorders: {
    title: 'Open API order feed on PostgreSQL: pages of 100 of 100,000 orders from distinct cursors',
    file: 'scenarios/open-orders.ts',
  },
  relevance: {
    title: 'Search relevance on the demo catalogue (recall@10 and MRR of the relevance set)',
    file: 'search-relevance.ts',
  },
  pricing: {
    title: 'Pricing a 500-line cart in packages/domain (budget: under 2 ms)',
    file: 'pricing.bench.ts',
  },
  lcp: {
    title: 'Home page LCP in headless Chromium and JavaScript per route',
    file: 'lcp.ts',
  },
  web: {
    title: 'Front end: Lighthouse (desktop and mobile) and first-load JavaScript as sent',
    file: 'web.ts',
  },
};
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function runScript(group: string): Promise<string> {
  const { file, env } = scriptGroups[group];
  const command = `npx tsx bench/${file}`;
  console.log(`\n=== ${group}: ${command}`);
  let lcpServer: ChildProcess | undefined;
  const args = [path.join(here, file)];
  if (group === 'lcp' || group === 'web') {
    // LCP is measured against the real app on PGlite with the demo data, with the SPAs built
    // (without a build the server has no shop to serve, and the figure would mean nothing).
    if (!existsSync(path.join(root, 'apps/shop/dist/index.html'))) {
      execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    }
    lcpServer = await start('pglite');
    args.push(`http://127.0.0.1:${ports.pglite}`);
  }
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(tsx, args, {
        cwd: root,
        env: { ...process.env, BENCH_DATABASE_URL: adminUrl, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        text += chunk.toString();
      });
      // A script exits non-zero when a budget is missed: its figures are still the result.
      child.once('exit', (code) =>
        resolve(code === 0 ? text : `${text}\n(exit code ${code}: a budget was missed or the script failed)`),
      );
      child.once('error', reject);
    });
    const lines = output.trim().split('\n').slice(-60).join('\n');
    return [
      `Run ${new Date().toISOString()} — \`${command}\` (through \`npm run bench -- ${group}\`); load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}.`,
      '',
      '```',
      lines,
      '```',
      '',
    ].join('\n');
  } finally {
    lcpServer?.kill('SIGTERM');
  }
}

function writeResults(
  results: Result[],
  groups: string[],
  command: string,
  scriptSections = new Map<string, string>(),
) {
  const file = path.join(here, 'RESULTS.md');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const updated = new Map(scriptSections);
  const machine = `${os.cpus().length} CPUs (nproc ${os.availableParallelism()}), ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}; load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (the machine is shared with other builds)`;
  for (const group of groups) {
    const rows = results.filter((r) => r.scenario.group === group);
    if (!rows.length) continue;
    updated.set(
      group,
      [
        `Run ${new Date().toISOString()} — \`${command}\` — ${duration} s per scenario after a 2 s warm-up, ${goodsWanted.toLocaleString('en')} goods.`,
        `Machine: ${machine}.`,
        '',
        '| Scenario | Connections | req/s | p50 ms | p99 ms | errors | Budget |',
        '|---|---:|---:|---:|---:|---:|---|',
        ...rows.map(
          (r) =>
            `| ${r.scenario.name} | ${r.scenario.connections} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} | ${r.verdict} |`,
        ),
        '',
      ].join('\n'),
    );
  }
  const titles: Record<string, string> = {
    content: 'Content: GET /api/focus/common vs bare Fastify (50 connections, PostgreSQL)',
    catalog: 'Catalogue on PostgreSQL (32 connections)',
    pglite: 'Catalogue on PGlite (1 connection)',
    'catalog-distinct':
      'Catalogue with distinct URLs, keywords and signed-in buyers (PostgreSQL, 100,000 goods, 32 connections)',
    'catalog-distinct-pglite':
      'Catalogue with distinct URLs, keywords and signed-in buyers (PGlite, 1 connection)',
    ...Object.fromEntries(Object.entries(scriptGroups).map(([group, g]) => [group, g.title])),
  };
  // Only a group's own block is replaced; the hand-written notes around and between the blocks
  // stay where they are (rebuilding the file from its blocks once dropped every note below the
  // first). A group run for the first time goes at the end.
  let text =
    previous ||
    '# Benchmark results\n\nWritten by `npm run bench` (bench/run.ts); each group keeps its latest run.\n';
  for (const [group, section] of updated) {
    const block = new RegExp(`(<!-- group:${group} -->\n)[\\s\\S]*?(<!-- /group:${group} -->)`);
    text = block.test(text)
      ? text.replace(block, (_, open: string, close: string) => `${open}${section}${close}`)
      : `${text.trimEnd()}\n\n## ${titles[group] ?? group}\n\n<!-- group:${group} -->\n${section}<!-- /group:${group} -->\n`;
  }
  writeFileSync(file, text);
  try {
    // Keep the file as the repository formatter wants it (tables aligned).
    execFileSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', file], {
      cwd: root,
      stdio: 'ignore',
    });
  } catch {
    // formatting is cosmetic
  }
}

async function main() {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const known = [...new Set(scenarios.map((s) => s.group)), ...Object.keys(scriptGroups)];
  const groups = args.length ? args : known;
  for (const g of groups)
    if (!known.includes(g)) throw new Error(`unknown group ${g}; known: ${known.join(', ')}`);
  const selected = scenarios.filter((s) => groups.includes(s.group));
  const scriptSections = new Map<string, string>();
  const targets = new Set(selected.map((s) => s.target));

  // A bench database made before the migrations were regenerated cannot be migrated: it is
  // dropped and filled again (once).
  if (targets.has('postgres')) {
    await ensurePostgresDatabase();
    try {
      fill({ DATABASE_URL: pgUrl });
    } catch {
      console.log('the bench database does not match the migrations: recreating it');
      await dropPostgresDatabase();
      await ensurePostgresDatabase();
      fill({ DATABASE_URL: pgUrl });
    }
  }
  if (targets.has('pglite')) {
    mkdirSync(pgliteDir, { recursive: true });
    try {
      fill({ DATABASE_URL: '', DATA_DIR: pgliteDir });
    } catch {
      console.log('the PGlite bench folder does not match the migrations: recreating it');
      rmSync(pgliteDir, { recursive: true, force: true });
      mkdirSync(pgliteDir, { recursive: true });
      fill({ DATABASE_URL: '', DATA_DIR: pgliteDir });
    }
  }

  const results: Result[] = [];
  for (const group of groups) {
    if (scriptGroups[group]) {
      scriptSections.set(group, await runScript(group));
      continue;
    }
    let bareRps: number | undefined;
    for (const s of selected.filter((x) => x.group === group)) {
      const child = await start(s.target, s.env);
      try {
        const r = await runScenario(s, bareRps);
        if (s.target === 'bare') bareRps = r.rps;
        results.push(r);
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    }
  }
  writeResults(results, groups, `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`, scriptSections);
  console.log(`results written to ${path.relative(root, path.join(here, 'RESULTS.md'))}`);
}

await main();
