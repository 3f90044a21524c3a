// `npm start`: build the SPAs and the server when a build is missing or older than its sources,
// then run the compiled server (apps/server/dist/server.js) in this process with plain node
// (migrations and demo data happen on start, see apps/server).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const domainSources = path.join(root, 'packages', 'domain', 'src');

/** Runs `command` in `dir` when `built` is missing or older than any of `sources`. */
function buildIfStale(label, dir, built, sources, command) {
  const newest = Math.max(...sources.map(newestMtime));
  if (existsSync(built) && statSync(built).mtimeMs >= newest) return;
  console.log(`building ${label} ...`);
  execSync(command, { cwd: dir, stdio: 'inherit' });
}

for (const app of ['shop', 'admin', 'h5']) {
  const dir = path.join(root, 'apps', app);
  buildIfStale(
    `apps/${app}`,
    dir,
    path.join(dir, 'dist', 'index.html'),
    [
      path.join(dir, 'src'),
      path.join(dir, 'index.html'),
      path.join(dir, 'vite.config.ts'),
      path.join(dir, 'public'),
      domainSources,
      path.join(root, 'packages', 'web-client', 'src'),
    ],
    'npx vite build --logLevel warn',
  );
}

const serverDir = path.join(root, 'apps', 'server');
const serverBuild = path.join(serverDir, 'dist', 'server.js');
// The demo data's own bundle (dist-demo/index.js) is built with the server, by the same build.mjs.
const demoBuild = path.join(serverDir, 'dist-demo', 'index.js');
buildIfStale(
  'apps/server',
  serverDir,
  existsSync(demoBuild) ? serverBuild : demoBuild,
  [
    path.join(serverDir, 'src'),
    path.join(serverDir, 'demo'),
    path.join(serverDir, 'build.mjs'),
    domainSources,
  ],
  'node build.mjs',
);

// Stack traces name the TypeScript sources (dist/server.js.map).
process.setSourceMapsEnabled(true);
await import(serverBuild);
