import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, setHttpUi } from './http';

// The client's behaviour is tested in packages/web-client; here: what the console configures.
const ui = { toast: vi.fn(), navigate: vi.fn(), currentPath: vi.fn(() => '/orders') };
const notLoggedIn = () =>
  Response.json({ code: 10001, message: '请先登录管理后台', data: null }, { status: 401 });

beforeEach(() => {
  for (const fn of Object.values(ui)) fn.mockClear();
  setHttpUi(ui);
});
afterEach(() => vi.unstubAllGlobals());

describe('console http client', () => {
  it('401 -> the console login page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => notLoggedIn()),
    );
    await expect(http.get('/api/admin/orders')).rejects.toMatchObject({ code: 10001 });
    expect(ui.navigate).toHaveBeenCalledWith('/login');
  });

  it('no login redirect while already on the login page', async () => {
    ui.currentPath.mockReturnValueOnce('/login');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => notLoggedIn()),
    );
    await expect(http.get('/api/admin/me')).rejects.toThrow();
    expect(ui.navigate).not.toHaveBeenCalled();
  });
});
