// Compiles the server to plain JavaScript for `node`: one ES module bundle per role, dist/server.js
// (the web process) and dist/worker.js (the background jobs on PostgreSQL), each with
// the workspace packages (@yaocai/*, shipped as TypeScript source) inlined and every other
// package left to node_modules. dist/ sits one level under apps/server like src/, so the paths
// config.ts derives from import.meta.url (repo root, drizzle/, src/db/sql/) hold in both.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(serverDir, 'dist');

/** Bare imports stay external unless they name a workspace package. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@yaocai/') ? undefined : { path: args.path, external: true },
    );
  },
};

const startedAt = performance.now();
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(serverDir, 'src/server.ts'), path.join(serverDir, 'src/worker.ts')],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
// The demo data (demo/index.ts) is its own bundle beside dist/, never part of the server's:
// src/db/demo-loader.ts imports it at start only when demo data is asked for or already loaded.
// One level under apps/server like dist/, so config.ts's paths hold in it too.
const demoOutdir = path.join(serverDir, 'dist-demo');
rmSync(demoOutdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(serverDir, 'demo/index.ts')],
  outdir: demoOutdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.log(
  `built apps/server/dist/server.js and worker.js, and the demo data's dist-demo/index.js, in ${Math.round(performance.now() - startedAt)} ms`,
);
