import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, isConcurrent, loginRedirectTarget, setHttpUi } from './http';

// The client's behaviour is tested in packages/web-client; here: what the shop configures.
describe('the shop http client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('login required -> /login with the current path as redirect', () => {
    expect(loginRedirectTarget('/cart?x=1')).toBe('/login?redirect=%2Fcart%3Fx%3D1');
  });

  it('459 -> toast and the contract page /dzht, back to where the buyer was', async () => {
    const ui = { toast: vi.fn(), navigate: vi.fn(), currentPath: () => '/lqzx' };
    setHttpUi(ui);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ code: 459, message: '请先签署电子合同', data: null }, { status: 459 }),
      ),
    );
    await expect(http.post('/api/cart/checkout')).rejects.toMatchObject({ code: 459 });
    expect(ui.toast).toHaveBeenCalledWith('请先签署电子合同');
    expect(ui.navigate).toHaveBeenCalledWith('/dzht?redirect=%2Flqzx');
  });

  it.each(['/api/cart', '/api/cart/list', '/api/favorite', '/api/favorite/cancel', '/api/activity/tap'])(
    '%s may run several times at once (spec section 4)',
    (url) => expect(isConcurrent(url)).toBe(true),
  );

  it.each(['/api/goods/search', '/api/order/list', '/api/focus'])(
    'a repeat of %s cancels the earlier one',
    (url) => expect(isConcurrent(url)).toBe(false),
  );
});
