import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, REQUEST_TIMEOUT_MS, setHttpUi } from './http';

const ui = { toast: vi.fn(), alert: vi.fn(), timeout: vi.fn(), toLogin: vi.fn() };
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  for (const fn of Object.values(ui)) fn.mockClear();
  setHttpUi(ui);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('console http client', () => {
  it('unwraps success and form-encodes bodies', async () => {
    const fetchStub = vi.fn(async (_u: string, _i: RequestInit) =>
      answer(200, { code: 10000, message: '', data: 7 }),
    );
    vi.stubGlobal('fetch', fetchStub);
    await expect(http.post('/api/admin/login', { username: 'admin', password: 'p' })).resolves.toBe(7);
    expect(fetchStub.mock.calls[0][1].body).toBe('username=admin&password=p');
    expect(fetchStub.mock.calls[0][1].credentials).toBe('same-origin');
  });
  it('401 -> the console login page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { code: 10001, message: '请先登录管理后台', data: null })),
    );
    await expect(http.get('/api/admin/orders')).rejects.toMatchObject({ code: 10001 });
    expect(ui.toLogin).toHaveBeenCalled();
  });
  it('4xx -> 温馨提示; 5xx -> 系统繁忙 toast; silent shows nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(409, { code: 409, message: '订单已发货', data: null })),
    );
    await expect(http.post('/api/admin/x')).rejects.toThrow();
    expect(ui.alert).toHaveBeenCalledWith('温馨提示', '订单已发货');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(500, { code: 500, message: 'x', data: null })),
    );
    await expect(http.get('/api/admin/y')).rejects.toThrow();
    expect(ui.toast).toHaveBeenCalledWith('系统繁忙，请稍候再试');
    ui.toast.mockClear();
    await expect(http.get('/api/admin/y', { silent: true })).rejects.toThrow();
    expect(ui.toast).not.toHaveBeenCalled();
  });
  it('time-out after 30 s -> the refresh alert', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_u: string, init: RequestInit) =>
          new Promise((_r, reject) =>
            init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      ),
    );
    const pending = expect(http.get('/api/admin/slow')).rejects.toMatchObject({ code: 408 });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await pending;
    expect(ui.timeout).toHaveBeenCalledWith('请求超时，请刷新页面');
  });
});
