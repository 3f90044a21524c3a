import { describe, expect, it } from 'vitest';
import { kxAdGroup, kxSegmentFilter } from './kx-segment';

describe('the /kxzq/goods/:url/:ads? segments', () => {
  it('reads a category id or a brand, and nothing else', () => {
    expect(kxSegmentFilter('12')).toEqual({ category_id: 12 });
    expect(kxSegmentFilter('brand-3')).toEqual({ brand_id: 3 });
    expect(kxSegmentFilter('abc')).toBeUndefined();
    expect(kxSegmentFilter('0')).toBeUndefined();
    expect(kxSegmentFilter('brand-')).toBeUndefined();
  });

  it('takes an ad group of ad ids only', () => {
    expect(kxAdGroup('3,4')).toBe('3,4');
    expect(kxAdGroup('3;drop')).toBeUndefined();
    expect(kxAdGroup(undefined)).toBeUndefined();
  });
});
