// The walls check itself, shared by apps/server/test/walls.test.ts (which fails on a break not
// listed in .dependency-cruiser-known-violations.json, and on a listed one that is gone) and
// scripts/walls-known.mjs (which drops the paid ones): both run the cruiser the same way and name
// a break the same way, here.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The list of known breaks (debts), grouped by rule, each group with its reason. */
export const knownViolationsFile = path.join(root, '.dependency-cruiser-known-violations.json');

/** The folders the walls are checked over. */
const checked = ['apps/server/src', 'apps/shop/src', 'apps/admin/src'];

/**
 * How a break is named in the list: `from -> to`; a circle by the file in it (`from`), since which
 * of its imports the cruiser names changes as other circles are untied.
 */
const key = (v) => (v.rule.name === 'no-circular' ? v.from : `${v.from} -> ${v.to}`);

/** Every break of .dependency-cruiser.cjs in the code as it is, as `rule: key`. */
export function cruiseWalls() {
  const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const output = execFileSync(
    process.execPath,
    [cli, '--config', '.dependency-cruiser.cjs', '--output-type', 'baseline', ...checked],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return new Set(JSON.parse(output).map((v) => `${v.rule.name}: ${key(v)}`));
}

/** The listed debts, as the file holds them. */
export function readKnownViolations() {
  return JSON.parse(readFileSync(knownViolationsFile, 'utf8'));
}

/** The listed debts as `rule: key`, comparable with cruiseWalls()'s. */
export function listedViolations(known) {
  return new Set(known.flatMap((group) => group.violations.map((v) => `${group.rule}: ${v}`)));
}
