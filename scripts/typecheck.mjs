// Type-checks every TypeScript project of the repository (`npm run typecheck`).
//
// With TypeScript 7's native compiler (the `typescript7` alias of typescript@7; `typescript` stays
// 5.9 for the tools that call its JavaScript API, dependency-cruiser among them): it checks with
// every core, so the projects go one after the other. On an idle 2-core machine on 2026-11-29 the
// whole check took 52 s, against 109 s with TypeScript 5.9 in two lanes of single-threaded
// `tsc -p` (66 s with TypeScript 7 in those lanes).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules', 'typescript7', 'bin', 'tsc');

/** Every project (seconds on an idle 2-core machine in brackets). */
const projects = [
  'apps/server' /* 13 */,
  'e2e' /* 12 */,
  'bench' /* 12 */,
  'apps/shop' /* 5 */,
  'apps/admin' /* 4 */,
  'apps/h5' /* 3 */,
  'packages/domain' /* 3 */,
  'packages/web-client' /* 1 */,
];

// One after the other: each project's errors print as they come, then a line naming it.
let ok = true;
for (const project of projects) {
  const { status } = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
  if (status !== 0) {
    console.log(`--- tsc -p ${project} failed`);
    ok = false;
  }
}
process.exit(ok ? 0 : 1);
