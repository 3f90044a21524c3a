import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';

/**
 * The walls of .dependency-cruiser.cjs (no import circle in the server, each module's tables its
 * own, no demo data in the product, no import back up the layers, no shop or console feature
 * importing another), checked over the code as it is. A break not listed in
 * .dependency-cruiser-known-violations.json fails; so does a listed one that is gone, so the list
 * of debts only shrinks.
 */

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

interface KnownGroup {
  rule: string;
  reason: string;
  violations: string[];
}

/**
 * How a break is named in the list: `from -> to`; a circle by the file in it (`from`), since which
 * of its imports the cruiser names changes as other circles are untied.
 */
const key = (v: Violation) => (v.rule.name === 'no-circular' ? v.from : `${v.from} -> ${v.to}`);

function cruise(): Violation[] {
  const cli = path.join(repoRoot, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
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
    { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(output) as Violation[];
}

// A static check: run once, in the PGlite stage, not again in the PostgreSQL one.
describe.skipIf(process.env.TEST_DB === 'postgres')('the walls between modules and features', () => {
  it('are kept, apart from the listed debts, and every listed debt still exists', () => {
    const known = JSON.parse(
      readFileSync(path.join(repoRoot, '.dependency-cruiser-known-violations.json'), 'utf8'),
    ) as KnownGroup[];
    const listed = new Set(known.flatMap((group) => group.violations.map((v) => `${group.rule}: ${v}`)));
    const found = new Set(cruise().map((v) => `${v.rule.name}: ${key(v)}`));

    const broken = [...found].filter((v) => !listed.has(v)).sort();
    expect(broken, 'new imports through a wall (see the rule comments in .dependency-cruiser.cjs)').toEqual(
      [],
    );
    const paid = [...listed].filter((v) => !found.has(v)).sort();
    expect(paid, 'debts paid: delete them from .dependency-cruiser-known-violations.json').toEqual([]);
  }, 180_000);
});
