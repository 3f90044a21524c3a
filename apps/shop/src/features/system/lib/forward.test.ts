import { describe, expect, it } from 'vitest';
import { resolveForward, sameSitePath } from './forward';

const origin = 'https://www.yaocai.test';

describe('resolveForward (loading interstitial)', () => {
  it('empty link -> 活动暂未开始', () => {
    expect(resolveForward(null, origin)).toEqual({ kind: 'alert', text: '活动暂未开始' });
    expect(resolveForward('  ', origin)).toEqual({ kind: 'alert', text: '活动暂未开始' });
  });
  it('a hash link -> the text after the hash', () => {
    expect(resolveForward('#活动未开始', origin)).toEqual({ kind: 'alert', text: '活动未开始' });
    expect(resolveForward('#', origin)).toEqual({ kind: 'alert', text: '活动暂未开始' });
  });
  it('in-site paths and same-origin links are routed', () => {
    expect(resolveForward('/yx?x=1', origin)).toEqual({ kind: 'route', to: '/yx?x=1' });
    expect(resolveForward(`${origin}/mrtj`, origin)).toEqual({ kind: 'route', to: '/mrtj' });
  });
  it('never leaves the site: other sites, //host, /\\host and scripts go home (issue 11)', () => {
    for (const link of [
      'https://evil.example/',
      'http://www.yaocai.test/x',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'evil.example',
    ]) {
      expect(resolveForward(link, origin), link).toEqual({ kind: 'route', to: '/' });
    }
  });
});

describe('sameSitePath', () => {
  it('keeps a path starting with a single slash, with its query and hash', () => {
    expect(sameSitePath('/yx?x=1#top', origin)).toBe('/yx?x=1#top');
    expect(sameSitePath('/', origin)).toBe('/');
  });
  it('refuses anything a browser would read as another host', () => {
    for (const link of ['//evil.example/a', '/\\evil.example', '/\n/evil.example', 'https://evil.example']) {
      expect(sameSitePath(link, origin), link).toBeUndefined();
    }
  });
});
