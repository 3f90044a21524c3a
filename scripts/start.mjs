// `npm start`: build the SPAs when their build is missing or older than their sources, then run
// the server in this process (migrations and demo data happen on start, see apps/server).
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

for (const app of ['shop', 'admin']) {
  const dir = path.join(root, 'apps', app);
  const built = path.join(dir, 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.join(dir, 'src')),
    newestMtime(path.join(dir, 'index.html')),
    newestMtime(path.join(dir, 'public')),
    newestMtime(path.join(root, 'packages', 'domain', 'src')),
  );
  if (!existsSync(built) || statSync(built).mtimeMs < sources) {
    console.log(`building apps/${app} ...`);
    execSync('npx vite build --logLevel warn', { cwd: dir, stdio: 'inherit' });
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/server.ts'));
