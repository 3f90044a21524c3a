import { describe, expect, it } from 'vitest';
import { readListFilters, withListFilters } from './list-params';

describe('list filters in the URL', () => {
  it('reads valid filters and drops invalid ones one by one', () => {
    const search = new URLSearchParams('keywords=amxl&type=1&page=3&in_stock=1&sort=bogus&min_price=-1');
    expect(readListFilters(search)).toEqual({ keywords: 'amxl', type: 1, page: 3, in_stock: 1 });
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
