// Drops the paid debts from .dependency-cruiser-known-violations.json: the entries the cruiser no
// longer finds. It never adds one: a new import through a wall is fixed, or, when that is truly
// large, listed by hand with its reason (see .dependency-cruiser.cjs).
//   node scripts/walls-known.mjs
import { writeFileSync } from 'node:fs';
import { cruiseWalls, knownViolationsFile, listedViolations, readKnownViolations } from './walls.mjs';

const found = cruiseWalls();
let dropped = 0;
const kept = readKnownViolations()
  .map((group) => {
    const violations = group.violations.filter((v) => found.has(`${group.rule}: ${v}`));
    dropped += group.violations.length - violations.length;
    return { ...group, violations };
  })
  .filter((group) => group.violations.length > 0);
writeFileSync(knownViolationsFile, `${JSON.stringify(kept, null, 2)}\n`);
const listed = listedViolations(kept);
const fresh = [...found].filter((v) => !listed.has(v));
console.log(`${dropped} paid debts dropped; ${listed.size} still listed`);
for (const group of kept) console.log(`  ${group.rule}: ${group.violations.length}`);
if (fresh.length > 0) {
  console.log(`\n${fresh.length} new imports through a wall, not listed (fix them):\n${fresh.join('\n')}`);
  process.exit(1);
}
