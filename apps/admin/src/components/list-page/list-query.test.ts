import { describe, expect, it } from 'vitest';
import { readQuery, writeQuery } from './list-query';

interface Q {
  page: number;
  page_size: number;
  state?: string;
  keyword?: string;
}
const defaults: Q = { state: 'pending', page: 1, page_size: 20 };

describe('a list query in the address bar', () => {
  it('writes only what differs from the defaults, 全部 as an empty value', () => {
    expect(writeQuery(defaults, defaults).toString()).toBe('');
    expect(writeQuery({ ...defaults, page: 3, keyword: '阿莫西林' }, defaults).toString()).toBe(
      `page=3&keyword=${encodeURIComponent('阿莫西林')}`,
    );
    expect(writeQuery({ ...defaults, state: undefined }, defaults).toString()).toBe('state=');
  });

  it('reads back what it wrote, numbers as numbers', () => {
    for (const query of [
      defaults,
      { ...defaults, page: 3, keyword: '阿莫西林' },
      { ...defaults, state: undefined },
      { ...defaults, state: 'issued', page_size: 50 },
    ]) {
      expect(readQuery(writeQuery(query, defaults), defaults)).toEqual(query);
    }
  });

  it('keeps the default for a number it cannot read', () => {
    expect(readQuery(new URLSearchParams('page=x'), defaults).page).toBe(1);
    expect(readQuery(new URLSearchParams('goods_id=7'), defaults, ['goods_id'])).toMatchObject({
      goods_id: 7,
    });
  });
});
