import { goodsListQuery } from '@yaocai/domain';
import { describe, expect, it } from 'vitest';
import { LIST_PARAM_KEYS, readListFilters, withListFilters } from './list-params';

describe('list filters in the URL', () => {
  it('reads valid filters and drops invalid ones one by one', () => {
    const search = new URLSearchParams('keywords=amxl&type=1&page=3&in_stock=1&sort=bogus&min_price=-1');
    expect(readListFilters(search)).toEqual({ keywords: 'amxl', type: 1, page: 3, in_stock: 1 });
  });

  // The readers are written by hand (no zod in the list's first load): they must keep exactly what
  // the contract's schema keeps, so the shop never sends a filter the server refuses.
  const samples = [
    '0',
    '1',
    '2',
    '-1',
    '1.5',
    ' 3 ',
    '1e2',
    '0x10',
    '60',
    '61',
    '100',
    '101',
    '10000',
    '10001',
    '2147483647',
    '2147483648',
    '21474836.47',
    '21474836.48',
    'abc',
    ' ',
    '  amxl  ',
    'a\nb',
    'x'.repeat(100),
    'x'.repeat(101),
    '新',
    '换购',
    '优秀',
    'sales',
    'price_asc',
    'expiry_asc',
    'bogus',
    'Infinity',
    'NaN',
  ];
  it.each(LIST_PARAM_KEYS)('keeps the values the contract keeps (%s)', (key) => {
    for (const raw of samples) {
      const parsed = goodsListQuery.shape[key].safeParse(raw);
      const expected = parsed.success && parsed.data !== undefined ? { [key]: parsed.data } : {};
      expect(readListFilters(new URLSearchParams({ [key]: raw })), `${key}=${JSON.stringify(raw)}`).toEqual(
        expected,
      );
    }
  });

  it('ignores unknown keys and empty values', () => {
    expect(readListFilters(new URLSearchParams('zone=yx&tag=&view=table'))).toEqual({});
  });

  it('goes back to page 1 when a filter changes, keeps the page when paging', () => {
    const search = new URLSearchParams('keywords=amxl&page=4');
    expect(withListFilters(search, { tag: '新' }).toString()).toBe('keywords=amxl&tag=%E6%96%B0');
    expect(withListFilters(search, { page: 5 }).get('page')).toBe('5');
  });

  it('removes cleared values and the default sort', () => {
    const search = new URLSearchParams('sccj=%E5%8D%8E%E5%8C%97&sort=sales');
    expect(withListFilters(search, { sccj: '', sort: 'default' }).toString()).toBe('');
  });
});
