import { describe, expect, it } from 'vitest';
import { pagerItems } from './LightPager';

// The page lists antd's Pagination (rc-pagination) shows for the same page and page count.
describe('LightPager page list', () => {
  it('lists every page up to seven', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('keeps five pages around the current one, the first and last, and jumps between', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'next', 20]);
    expect(pagerItems(3, 20)).toEqual([1, 2, 3, 4, 5, 'next', 20]);
    expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'next', 20]);
    expect(pagerItems(5, 20)).toEqual([1, 'prev', 3, 4, 5, 6, 7, 'next', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'prev', 8, 9, 10, 11, 12, 'next', 20]);
    expect(pagerItems(17, 20)).toEqual([1, 'prev', 15, 16, 17, 18, 19, 20]);
    expect(pagerItems(18, 20)).toEqual([1, 'prev', 16, 17, 18, 19, 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'prev', 16, 17, 18, 19, 20]);
  });
});
