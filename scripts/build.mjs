// `npm run build`: the three SPAs (Vite) and the server (apps/server/build.mjs) side by side;
// `node scripts/build.mjs apps/shop apps/h5` builds only the workspaces named.
// Each build is mostly one thread (Rollup), so four at once use the machine's cores: on an idle
// 2-core machine 31-39 s against 49 s one after the other. Each build's output is printed whole when
// it ends, so the four do not interleave; the first failure fails the command.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const all = ['apps/shop', 'apps/admin', 'apps/h5', 'apps/server'];
const named = process.argv.slice(2);
const unknown = named.filter((workspace) => !all.includes(workspace));
if (unknown.length > 0) {
  console.error(`not a workspace with a build: ${unknown.join(', ')} (one of ${all.join(', ')})`);
  process.exit(2);
}
const workspaces = named.length > 0 ? named : all;

const children = new Set();
// Stopped (npm test stops the SPAs' build when an earlier stage fails): the builds stop too.
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => {
    // Each build is a process group of its own (npm, its shell, Vite): the whole group stops.
    for (const child of children) process.kill(-child.pid, signal);
    process.exit(1);
  });

/** Runs one workspace's build; resolves with its exit code once its output is printed. */
function build(workspace) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', 'build', '-w', workspace], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.add(child);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      children.delete(child);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`--- ${workspace}: ${code === 0 ? 'built' : `FAILED (exit ${code})`} in ${seconds} s`);
      if (text) console.log(text);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(workspaces.map(build));
process.exit(codes.every((code) => code === 0) ? 0 : 1);
