import { describe, expect, it } from 'vitest';
import { resolveForward } from './forward';

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
  it('other sites open as external links; protocol-relative and scripts are refused', () => {
    expect(resolveForward('https://example.com/a', origin)).toEqual({
      kind: 'external',
      to: 'https://example.com/a',
    });
    expect(resolveForward('//evil.test', origin).kind).toBe('alert');
    expect(resolveForward('javascript:alert(1)', origin).kind).toBe('alert');
  });
});
