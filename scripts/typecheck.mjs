// Type-checks every TypeScript project of the repository (`npm run typecheck`).
//
// The projects are checked in two lanes at once: each `tsc -p` is one single-threaded process, and
// the heavy ones (server, e2e, bench: each reads the server's sources) took 76 s one after the
// other on a quiet 2-core machine and 40 s in two balanced lanes. Each project's errors are printed
// whole, after it ends, so the lanes' output does not interleave.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** Two lanes of about equal work (seconds measured on a quiet machine in brackets). */
const lanes = [
  ['apps/server' /* 19 */, 'bench' /* 16 */, 'packages/web-client' /* 3 */],
  ['e2e' /* 16 */, 'apps/shop' /* 9 */, 'apps/h5', 'apps/admin' /* 8 */, 'packages/domain' /* 5 */],
];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      if (code !== 0) process.stdout.write(`\n--- tsc -p ${project} failed:\n${output}`);
      resolve(code === 0);
    });
  });
}

async function runLane(projects) {
  let ok = true;
  for (const project of projects) ok = (await check(project)) && ok;
  return ok;
}

const results = await Promise.all(lanes.map(runLane));
process.exit(results.every(Boolean) ? 0 : 1);
