// Static first-load JavaScript of every shop page, from the build's manifest: the entry's static
// imports plus the page's chunk and its static imports, each file counted once, brotli as the
// server sends it (quality 11: vite-precompress). Load-independent, unlike bench/first-load.ts,
// which counts what a browser fetched (late chunks and headers included). Budgets of issue 37:
// home 200 KB, any other page 250 KB.
// Run after `npm run build -w apps/shop`:
//   node apps/shop/scripts/first-load.mjs [PageName ...] [--files]
// Page names filter the table; --files lists each page's files beyond the entry's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const app = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(app, 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const chunkOf = JSON.parse(readFileSync(path.join(dist, '.vite', 'chunk-of.json'), 'utf8'));

// Every page the route table loads (src/app/routes.tsx), in its order.
const routes = readFileSync(path.join(app, 'src', 'app', 'routes.tsx'), 'utf8');
const pages = [...new Set([...routes.matchAll(/import\('\.\.\/(features\/[^']+)'\)/g)].map((m) => m[1]))];

const args = process.argv.slice(2);
const listFiles = args.includes('--files');
const only = args.filter((a) => !a.startsWith('--'));

function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

const sizes = new Map();
function brotli(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(path.join(dist, file));
    sizes.set(file, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length);
  }
  return sizes.get(file);
}

const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFiles = closure(entryKey);
const kb = (n) => (n / 1024).toFixed(1);
const sum = (files) => [...files].reduce((total, file) => total + brotli(file), 0);

console.log(`entry: ${entryFiles.size} files, ${kb(sum(entryFiles))} KB`);
console.log('page                                       files   JS br KB');
for (const page of pages) {
  const name = path.basename(page);
  if (only.length && !only.includes(name)) continue;
  const file = chunkOf[`src/${page}.tsx`];
  const key = keyOfFile.get(file);
  if (!key) throw new Error(`no chunk holds src/${page}.tsx`);
  const files = closure(key, new Set(entryFiles));
  const budget = name === 'HomePage' ? 200 : 250;
  const total = sum(files);
  const over = total / 1024 > budget ? `  over ${budget}` : '';
  console.log(`${name.padEnd(42)} ${String(files.size).padStart(5)} ${kb(total).padStart(10)}${over}`);
  if (listFiles)
    for (const own of [...files].filter((f) => !entryFiles.has(f)).sort((a, b) => brotli(b) - brotli(a)))
      console.log(`    ${own.padEnd(50)} ${kb(brotli(own)).padStart(7)}`);
}
