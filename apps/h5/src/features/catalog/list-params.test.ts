import { describe, expect, it } from 'vitest';
import { listHref, readListParams } from './list-params';

describe('list filters in the URL', () => {
  it('reads what the API accepts', () => {
    expect(
      readListParams(
        new URLSearchParams('keywords=+阿莫西林+&category_id=12&zone=yx&tag=特&sort=price_asc&in_stock=1'),
      ),
    ).toEqual({
      keywords: '阿莫西林',
      category_id: 12,
      zone: 'yx',
      tag: '特',
      sort: 'price_asc',
      in_stock: 1,
    });
  });

  it('drops values the API would refuse', () => {
    expect(
      readListParams(
        new URLSearchParams('category_id=-3&brand_id=1.5&zone=abc&tag=x&sort=random&in_stock=2&keywords='),
      ),
    ).toEqual({});
  });

  it('writes a list address that reads back the same', () => {
    const href = listHref({ category_id: 7, sort: 'sales', keywords: '感冒 灵' }, '感冒药');
    const search = new URLSearchParams(href.split('?')[1]);
    expect(href.startsWith('/list?')).toBe(true);
    expect(search.get('title')).toBe('感冒药');
    expect(readListParams(search)).toEqual({ category_id: 7, sort: 'sales', keywords: '感冒 灵' });
  });
});
