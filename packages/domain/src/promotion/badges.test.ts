import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goodsTags } from '../catalog/scope';
import { goodsBadges } from './badges';

const now = new Date('2026-11-26T00:00:00Z');
const none = {
  zones: [],
  fullReduction: false,
  giftTypes: [],
  specials: [],
  listedAt: new Date('2025-01-01'),
  now,
};

describe('goods badges from live promotions', () => {
  it('shows nothing for a goods no live promotion touches', () => {
    expect(goodsBadges(none)).toEqual([]);
  });

  it('names each live promotion, in the card order', () => {
    expect(
      goodsBadges({
        ...none,
        zones: ['yx'],
        fullReduction: true,
        giftTypes: [2, 1],
        specials: ['welfare', 'spike'],
        listedAt: new Date('2026-11-20'),
      }),
    ).toEqual(['优', '秒', '满', '换购', '赠', '特', '新']);
  });

  it('is 新 for 30 days after listing only', () => {
    expect(goodsBadges({ ...none, listedAt: new Date('2026-10-28T00:00:01Z') })).toEqual(['新']);
    expect(goodsBadges({ ...none, listedAt: new Date('2026-10-27T00:00:00Z') })).toEqual([]);
  });

  it('only ever answers known badges, each once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string()),
        fc.array(fc.integer({ min: 0, max: 3 })),
        fc.boolean(),
        (specials, gifts, full) => {
          const badges = goodsBadges({ ...none, specials, giftTypes: gifts, fullReduction: full });
          expect(new Set(badges).size).toBe(badges.length);
          for (const b of badges) expect(goodsTags).toContain(b);
        },
      ),
    );
  });
});
