// Drops the paid debts from .dependency-cruiser-known-violations.json: the entries the cruiser no
// longer finds. It never adds one: a new import through a wall is fixed, or, when that is truly
// large, listed by hand with its reason (see .dependency-cruiser.cjs).
//   node scripts/walls-known.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, '.dependency-cruiser-known-violations.json');
const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const output = execFileSync(
  process.execPath,
  [
    cli,
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'baseline',
    'apps/server/src',
    'apps/shop/src',
    'apps/admin/src',
  ],
  { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
// A circle is named by the file in it (the import the cruiser names changes as others are untied).
const key = (v) => (v.rule.name === 'no-circular' ? v.from : `${v.from} -> ${v.to}`);
const found = new Set(JSON.parse(output).map((v) => `${v.rule.name}: ${key(v)}`));
const known = JSON.parse(readFileSync(file, 'utf8'));
let dropped = 0;
const kept = known
  .map((group) => {
    const violations = group.violations.filter((v) => found.has(`${group.rule}: ${v}`));
    dropped += group.violations.length - violations.length;
    return { ...group, violations };
  })
  .filter((group) => group.violations.length > 0);
writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`);
const listed = new Set(kept.flatMap((group) => group.violations.map((v) => `${group.rule}: ${v}`)));
const fresh = [...found].filter((v) => !listed.has(v));
console.log(`${dropped} paid debts dropped; ${listed.size} still listed`);
for (const group of kept) console.log(`  ${group.rule}: ${group.violations.length}`);
if (fresh.length > 0) {
  console.log(`\n${fresh.length} new imports through a wall, not listed (fix them):\n${fresh.join('\n')}`);
  process.exit(1);
}
