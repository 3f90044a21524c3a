import { describe, expect, it } from 'vitest';
import { cruiseWalls, listedViolations, readKnownViolations } from '../../../scripts/walls.mjs';

/**
 * The walls of .dependency-cruiser.cjs (no import circle in the server, each module's tables its
 * own, no demo data in the product, no import back up the layers, no shop or console feature
 * importing another), checked over the code as it is. A break not listed in
 * .dependency-cruiser-known-violations.json fails; so does a listed one that is gone, so the list
 * of debts only shrinks. The cruise and the naming of a break are scripts/walls.mjs's, shared
 * with scripts/walls-known.mjs.
 */

// A static check: run once, in the PGlite stage, not again in the PostgreSQL one.
describe.skipIf(process.env.TEST_DB === 'postgres')('the walls between modules and features', () => {
  it('are kept, apart from the listed debts, and every listed debt still exists', () => {
    const listed = listedViolations(readKnownViolations());
    const found = cruiseWalls();

    const broken = [...found].filter((v) => !listed.has(v)).sort();
    expect(broken, 'new imports through a wall (see the rule comments in .dependency-cruiser.cjs)').toEqual(
      [],
    );
    const paid = [...listed].filter((v) => !found.has(v)).sort();
    expect(paid, 'debts paid: delete them from .dependency-cruiser-known-violations.json').toEqual([]);
  }, 180_000);
});
