import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { giftTypeLabels } from '../pricing/promotions/gifts';
import { badgeStyle, badgeStyles, contrastRatio, otherBadge } from './badges';
import { goodsTags } from './scope';

describe('goods badges', () => {
  it('every badge kind, and the fallback, reads white text at WCAG AA (4.5:1)', () => {
    const kinds = [...Object.entries(badgeStyles), ['other', otherBadge] as const];
    const below = kinds
      .map(([kind, style]) => [kind, contrastRatio('#ffffff', style.background)] as const)
      .filter(([, ratio]) => ratio < 4.5)
      .map(([kind, ratio]) => `${kind} ${ratio.toFixed(2)}`);
    expect(below).toEqual([]);
  });

  it('has a style for every goods tag and every gift label', () => {
    for (const tag of [...goodsTags, ...Object.values(giftTypeLabels)])
      expect(Object.keys(badgeStyles)).toContain(tag);
  });

  it('gives an unknown tag the fallback background and its own text as title', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !(s in badgeStyles)),
        (tag) => badgeStyle(tag).background === otherBadge.background && badgeStyle(tag).title === tag,
      ),
    );
  });

  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // The colour CI's axe run refused on 2026-11-28.
    expect(contrastRatio('#ffffff', '#b05cff')).toBeLessThan(4.5);
  });
});
