import { describe, expect, it } from 'vitest';
import { currentView, viewHref } from './list-view';

const q = (s = '') => new URLSearchParams(s);

describe('list views in the URL', () => {
  it('reads the view from the path where the route names it', () => {
    expect(currentView('/list', q())).toBe('card');
    expect(currentView('/list/table', q())).toBe('table');
    expect(currentView('/list/no_image', q())).toBe('text');
    expect(currentView('/search/table', q('keywords=amxl'))).toBe('table');
    expect(currentView('/yx/table', q())).toBe('table');
  });

  it('falls back to ?view= elsewhere', () => {
    expect(currentView('/list/other/3/感冒药', q('view=text'))).toBe('text');
    expect(currentView('/search', q('view=text'))).toBe('text');
    expect(currentView('/zyyp', q('view=bogus'))).toBe('card');
  });

  it('switches path and keeps the filters', () => {
    expect(viewHref('/list', q('tag=新'), 'table')).toBe('/list/table?tag=%E6%96%B0');
    expect(viewHref('/list/table', q(), 'text')).toBe('/list/no_image');
    expect(viewHref('/search/table', q('keywords=amxl'), 'card')).toBe('/search?keywords=amxl');
    expect(viewHref('/search/table', q('keywords=amxl'), 'text')).toBe('/search?keywords=amxl&view=text');
    expect(viewHref('/search', q('keywords=a&view=text'), 'table')).toBe('/search/table?keywords=a');
    expect(viewHref('/zyyp', q(), 'table')).toBe('/zyyp?view=table');
  });
});
