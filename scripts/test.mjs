// `npm test`: the whole suite, in order, stopping at the first failing stage:
//   1. typecheck (tsc) and lint (Biome)
//   2. unit + API tests (Vitest) on embedded PGlite
//   3. the API tests again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it)
//   4. build the SPAs and the server, then the end-to-end journeys in headless Chromium (two workers);
//      with stage 3 the SPAs build beside it (it leaves a fifth of the CPU idle, waiting on
//      PostgreSQL), and only the server's build (3 s) follows it
// Chromium missing: E2E is skipped with a loud warning, unless E2E_REQUIRED=1 (CI), then it fails.
// Each stage prints its wall time; the run ends with a table of them and one line
// "N passed, N failed" over every test run.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'node_modules', '.cache', 'yaocai-test');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
/** [title, seconds, ok] of every stage run so far. */
const stages = [];
const startedAt = performance.now();
const seconds = (since) => (performance.now() - since) / 1000;
const clock = (s) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}\n$ ${command} ${args.join(' ')}`);
  const stageStart = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  stages.push([title, seconds(stageStart), ok]);
  console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} in ${clock(seconds(stageStart))}`);
  return ok;
}

function count(reportFile) {
  if (!existsSync(reportFile)) return;
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

/** The SPAs' build running beside the PostgreSQL run, if any (stopped should the run end early). */
let spaBuilder = null;

function finish(ok) {
  spaBuilder?.kill();
  const width = Math.max(...stages.map(([title]) => title.length), 'total'.length);
  console.log(`\n${'stage'.padEnd(width)}   time  result`);
  for (const [title, time, passed] of stages)
    console.log(`${title.padEnd(width)}  ${clock(time).padStart(5)}  ${passed ? 'ok' : 'FAILED'}`);
  console.log(`${'total'.padEnd(width)}  ${clock(seconds(startedAt)).padStart(5)}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

function vitest(title, reportName, args, env) {
  const report = path.join(outDir, `${reportName}.json`);
  const ok = run(
    title,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  count(report);
  return ok;
}

if (!run('typecheck', 'npm', ['run', '--silent', 'typecheck'])) finish(false);
if (!run('lint (Biome)', 'npx', ['biome', 'check', '.'])) finish(false);
if (!vitest('unit and API tests (PGlite)', 'unit', [], { TEST_DB: 'pglite' })) finish(false);

const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser', process.env.CHROMIUM_PATH].find(
  (candidate) => candidate && existsSync(candidate),
);

/**
 * Starts the SPAs' build in the background, its output to a file (a pipe would fill while
 * spawnSync holds this process); resolves with its exit code and output once it ends.
 */
function startSpaBuild() {
  const log = path.join(outDir, 'spa-build.log');
  const fd = openSync(log, 'w');
  const buildStarted = Date.now();
  const child = spawn('node', ['scripts/build.mjs', 'apps/shop', 'apps/admin', 'apps/h5'], {
    cwd: root,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  spaBuilder = child;
  // Its time is that of its last output line: the exit is only seen once spawnSync lets go.
  const took = () => (statSync(log).mtimeMs - buildStarted) / 1000;
  return new Promise((resolve) => {
    child.on('error', () => resolve({ ok: false, log, took: took() }));
    child.on('exit', (code) => {
      spaBuilder = null;
      resolve({ ok: code === 0, log, took: took() });
    });
  });
}

let spaBuild = null;
if (process.env.TEST_DATABASE_URL) {
  if (chromium) spaBuild = startSpaBuild();
  if (!vitest('API tests (PostgreSQL)', 'api-postgres', ['--project', 'server'], { TEST_DB: 'postgres' }))
    finish(false);
} else {
  console.log('\nTEST_DATABASE_URL is not set: the API suite ran on PGlite only.');
}

if (!chromium) {
  const banner = '!'.repeat(78);
  console.log(
    `\n${banner}\n!!! Chromium not found: END-TO-END TESTS SKIPPED. Install it: apt-get install -y chromium\n${banner}`,
  );
  if (process.env.E2E_REQUIRED === '1') {
    console.log('E2E_REQUIRED=1: a missing browser is a failure.');
    totals.failed += 1;
    finish(false);
  }
  finish(true);
}

if (spaBuild) {
  const title = 'build the SPAs (beside the PostgreSQL run)';
  console.log(`\n=== ${title}`);
  const { ok, log, took } = await spaBuild;
  console.log(readFileSync(log, 'utf8').trimEnd());
  // Its own time (it overlapped the PostgreSQL run's; the total counts it once).
  stages.push([title, took, ok]);
  console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} in ${clock(took)}`);
  if (!ok || !run('build the server', 'npm', ['run', '--silent', 'build', '-w', 'apps/server']))
    finish(false);
} else if (!run('build the SPAs and the server', 'npm', ['run', '--silent', 'build'])) finish(false);
const e2eOk = vitest('end-to-end journeys (Chromium)', 'e2e', ['--config', 'e2e/vitest.config.ts'], {
  CHROMIUM_PATH: chromium,
});
const e2eReport = path.join(outDir, 'e2e.json');
if (
  process.env.E2E_REQUIRED === '1' &&
  (!existsSync(e2eReport) || JSON.parse(readFileSync(e2eReport, 'utf8')).numPassedTests === 0)
) {
  console.log('E2E_REQUIRED=1 but no end-to-end test passed.');
  totals.failed += 1;
  finish(false);
}
finish(e2eOk);
