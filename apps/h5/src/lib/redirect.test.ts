import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps a path of the app with its query', () => {
    expect(safeRedirect('/goods/12?is_yj=1')).toBe('/goods/12?is_yj=1');
  });
  it('goes home for nothing, other sites and the login page itself', () => {
    for (const target of [null, '', 'https://evil.example', '//evil.example', '/\\evil', '/login?x=1']) {
      expect(safeRedirect(target)).toBe('/');
    }
  });
});
