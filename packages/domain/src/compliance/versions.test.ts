import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentVersions, type LicenceVersion, supersededBy } from './versions';

const v = (id: number, supersedesId: number | null = null) => ({ id, supersedesId, label: `v${id}` });

describe('licence versions: the one that counts is the newest of its correction chain', () => {
  it('keeps a licence nobody corrected', () => {
    expect(currentVersions([v(1), v(2)]).map((x) => x.id)).toEqual([1, 2]);
  });

  it('a correction takes the place of the version it names; a correction of the correction, of both', () => {
    const rows = [v(1), v(2), v(3, 1), v(4, 3)];
    expect(currentVersions(rows).map((x) => x.id)).toEqual([2, 4]);
    const by = supersededBy(rows);
    expect([by.get(1)?.id, by.get(3)?.id, by.get(2), by.get(4)]).toEqual([3, 4, undefined, undefined]);
  });

  it('every chain leaves exactly one current version, its last', () => {
    // Random forests of chains: each new row either starts a licence or corrects the current
    // version of an earlier one (as the service allows: never a superseded one).
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 30 }), (picks) => {
        const rows: LicenceVersion[] = [];
        const heads: number[] = [];
        picks.forEach((pick, i) => {
          const id = i + 1;
          const slot = heads.length ? pick % (heads.length + 1) : heads.length;
          if (slot === heads.length) {
            heads.push(id);
            rows.push({ id, supersedesId: null });
          } else {
            rows.push({ id, supersedesId: heads[slot] });
            heads[slot] = id;
          }
        });
        expect(
          currentVersions(rows)
            .map((r) => r.id)
            .sort((a, b) => a - b),
        ).toEqual([...heads].sort((a, b) => a - b));
      }),
    );
  });
});
