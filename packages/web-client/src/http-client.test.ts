import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  CancelledError,
  createHttpClient,
  type HttpClientConfig,
  REQUEST_TIMEOUT_MS,
  unreportedMessage,
} from './http-client';

/** A client configured as the shop's: login redirect, contract page, a concurrent cart URL. */
const shopLike: HttpClientConfig = {
  basePath: '/',
  loginPath: '/login',
  loginRedirect: true,
  contractPath: '/dzht',
  cancelsRepeat: (url) => !url.startsWith('/api/cart'),
};
const { http, resetHttpState, setHttpUi } = createHttpClient(shopLike);

const ui = {
  toast: vi.fn(),
  alert: vi.fn(),
  timeout: vi.fn(),
  navigate: vi.fn(),
  currentPath: vi.fn(() => '/cart?x=1'),
};

function answer(status: number, body: unknown) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch stub that answers only when told to, and honours the abort signal. */
function pendingFetch() {
  const calls: { url: string; init: RequestInit; resolve: (r: Response) => void }[] = [];
  const fetchStub = vi.fn(
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        calls.push({ url, init, resolve });
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

beforeEach(() => {
  resetHttpState();
  for (const fn of Object.values(ui)) fn.mockClear();
  setHttpUi(ui);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('http client: success and encoding', () => {
  it.each([10000, 200, 201])('treats code %i as success and unwraps data', async (code) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { code, message: 'ok', data: { a: 1 } })),
    );
    await expect(http.get('/api/x')).resolves.toEqual({ a: 1 });
  });

  it('sends cookies, query params and form-encoded nested bodies', async () => {
    const fetchStub = vi.fn(async (_url: string, _init: RequestInit) =>
      answer(200, { code: 10000, message: '', data: null }),
    );
    vi.stubGlobal('fetch', fetchStub);
    await http.post('/api/cart', { params: [{ goods_id: 1, number: 2 }] }, { params: { new: 1 } });
    const [url, init] = fetchStub.mock.calls[0];
    expect(url).toBe('/api/cart?new=1');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['content-type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(decodeURIComponent(String(init.body))).toBe('params[0][goods_id]=1&params[0][number]=2');
  });
});

describe('http client: the error catalogue (spec section 8)', () => {
  it.each([
    [401, { code: 10001, message: '请先登录', data: null }],
    [401, { code: 401, message: '请先登录', data: null }],
  ])('HTTP %i code %o -> login page with the current path as redirect', async (status, body) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(status, body)),
    );
    await expect(http.get('/api/user/order')).rejects.toBeInstanceOf(ApiError);
    expect(ui.navigate).toHaveBeenCalledWith('/login?redirect=%2Fcart%3Fx%3D1');
  });

  it('does not redirect to login when already on the login page', async () => {
    ui.currentPath.mockReturnValueOnce('/login');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { code: 10001, message: '请先登录', data: null })),
    );
    await expect(http.get('/api/x')).rejects.toThrow();
    expect(ui.navigate).not.toHaveBeenCalled();
  });

  it('459 -> toast of the message and go to /dzht, to come back after signing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(459, { code: 459, message: '请先签署电子合同', data: null })),
    );
    await expect(http.post('/api/cart/checkout')).rejects.toMatchObject({ code: 459 });
    expect(ui.toast).toHaveBeenCalledWith('请先签署电子合同');
    expect(ui.navigate).toHaveBeenCalledWith('/dzht?redirect=%2Fcart%3Fx%3D1');
    // On the contract page itself a 459 does not lead there again.
    ui.navigate.mockClear();
    ui.currentPath.mockReturnValueOnce('/dzht?redirect=%2Flqzx');
    await expect(http.post('/api/cart/checkout')).rejects.toMatchObject({ code: 459 });
    expect(ui.navigate).not.toHaveBeenCalled();
  });

  it('422 -> toast of the first message of the first field', async () => {
    const body = {
      code: 422,
      message: '参数错误',
      data: { errors: { phone: ['手机号格式不正确', 'x'], name: ['y'] } },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(422, body)),
    );
    await expect(http.post('/api/user/feedback', {})).rejects.toMatchObject({ code: 422 });
    expect(ui.toast).toHaveBeenCalledWith('手机号格式不正确');
    expect(ui.alert).not.toHaveBeenCalled();
  });

  it.each([400, 403, 404, 409, 429])(
    'other code %i below 500 -> 温馨提示 alert with the message',
    async (code) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => answer(code, { code, message: '库存不足', data: null })),
      );
      await expect(http.get('/api/x')).rejects.toMatchObject({ code, message: '库存不足' });
      expect(ui.alert).toHaveBeenCalledWith('温馨提示', '库存不足');
    },
  );

  it('silent callers handle refusals themselves: nothing shown, still throws', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(400, { code: 400, message: '不行', data: null })),
    );
    await expect(http.get('/api/x', { silent: true })).rejects.toMatchObject({ code: 400 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { code: 10001, message: '请先登录', data: null })),
    );
    await expect(http.get('/api/y', { silent: true })).rejects.toMatchObject({ code: 10001 });
    expect(ui.alert).not.toHaveBeenCalled();
    expect(ui.navigate).not.toHaveBeenCalled();
  });

  it('a refusal the page shows itself is not alerted too; any other still is', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404, { code: 404, message: '售后申请不存在', data: null })),
    );
    await expect(http.get('/api/x', { shownHere: [404] })).rejects.toMatchObject({ code: 404 });
    expect(ui.alert).not.toHaveBeenCalled();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { code: 10001, message: '请先登录', data: null })),
    );
    await expect(http.get('/api/y', { shownHere: [404] })).rejects.toMatchObject({ code: 10001 });
    expect(ui.navigate).toHaveBeenCalled();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(403, { code: 403, message: '无权查看', data: null })),
    );
    await expect(http.get('/api/z', { shownHere: [404] })).rejects.toMatchObject({ code: 403 });
    expect(ui.alert).toHaveBeenCalledWith('温馨提示', '无权查看');
  });

  it.each([500, 502, 503, 599])('code %i -> toast 系统繁忙，请稍候再试', async (code) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(code, { code, message: 'internal', data: null })),
    );
    await expect(http.get('/api/x')).rejects.toMatchObject({ code });
    expect(ui.toast).toHaveBeenCalledWith('系统繁忙，请稍候再试');
  });

  it('a non-JSON 5xx body (proxy error page) -> the same toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(502, '<html>bad gateway</html>')),
    );
    await expect(http.get('/api/x')).rejects.toMatchObject({ code: 502 });
    expect(ui.toast).toHaveBeenCalledWith('系统繁忙，请稍候再试');
  });

  it('network failure -> the 5xx toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(ui.toast).toHaveBeenCalledWith('系统繁忙，请稍候再试');
  });

  it('time-out after 30 s -> alert 请求超时，请刷新页面 (once)', async () => {
    vi.useFakeTimers();
    pendingFetch();
    const first = http.get('/api/slow');
    const second = http.get('/api/slow2');
    const assertions = [
      expect(first).rejects.toMatchObject({ code: 408 }),
      expect(second).rejects.toMatchObject({ code: 408 }),
    ];
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(ui.timeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all(assertions);
    expect(ui.timeout).toHaveBeenCalledTimes(1);
    expect(ui.timeout).toHaveBeenCalledWith('请求超时，请刷新页面');
  });
});

describe('http client: same-URL cancellation (spec section 4)', () => {
  it('a repeat of an in-flight request cancels the earlier one', async () => {
    const calls = pendingFetch();
    const first = http.get('/api/goods/search', { params: { keywords: 'a' } });
    const firstRejected = expect(first).rejects.toBeInstanceOf(CancelledError);
    const second = http.get('/api/goods/search', { params: { keywords: 'a' } });
    await firstRejected;
    calls[1].resolve(answer(200, { code: 10000, message: '', data: ['阿莫西林'] }));
    await expect(second).resolves.toEqual(['阿莫西林']);
    expect(ui.toast).not.toHaveBeenCalled();
    expect(ui.alert).not.toHaveBeenCalled();
  });

  it('different URLs run side by side', async () => {
    const calls = pendingFetch();
    const a = http.get('/api/focus', { params: { position: 'home_banner' } });
    const b = http.get('/api/focus', { params: { position: 'right' } });
    for (const call of calls) call.resolve(answer(200, { code: 10000, message: '', data: call.url }));
    await expect(a).resolves.toBe('/api/focus?position=home_banner');
    await expect(b).resolves.toBe('/api/focus?position=right');
  });

  it('a URL the app lets run at once is never cancelled by a repeat', async () => {
    const calls = pendingFetch();
    const a = http.post('/api/cart', { goods_ids: [1] });
    const b = http.post('/api/cart', { goods_ids: [1] });
    for (const call of calls) call.resolve(answer(200, { code: 10000, message: '', data: 'done' }));
    await expect(a).resolves.toBe('done');
    await expect(b).resolves.toBe('done');
  });

  it("the caller's own abort signal aborts without any message", async () => {
    pendingFetch();
    const controller = new AbortController();
    const p = http.get('/api/x', { signal: controller.signal });
    controller.abort();
    await expect(p).rejects.toThrow();
    expect(ui.toast).not.toHaveBeenCalled();
  });
});

describe('http client: what each SPA configures', () => {
  const consoleUi = () => ({
    toast: vi.fn(),
    alert: vi.fn(),
    timeout: vi.fn(),
    navigate: vi.fn(),
    currentPath: vi.fn(() => '/orders'),
  });
  /** A client configured as the operator console's: plain login page, no contract page, no cancelling. */
  function consoleClient() {
    const client = createHttpClient({ basePath: '/admin/', loginPath: '/login' });
    const stubs = consoleUi();
    client.setHttpUi(stubs);
    return { ...client, ui: stubs };
  }

  it('without loginRedirect a login-required answer leads to the bare login page', async () => {
    const { http, ui } = consoleClient();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { code: 10001, message: '请先登录管理后台', data: null })),
    );
    await expect(http.get('/api/admin/orders')).rejects.toMatchObject({ code: 10001 });
    expect(ui.navigate).toHaveBeenCalledWith('/login');
  });

  it('without contractPath a 459 is only the toast', async () => {
    const { http, ui } = consoleClient();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(459, { code: 459, message: '请先签署电子合同', data: null })),
    );
    await expect(http.get('/api/admin/x')).rejects.toMatchObject({ code: 459 });
    expect(ui.toast).toHaveBeenCalledWith('请先签署电子合同');
    expect(ui.navigate).not.toHaveBeenCalled();
  });

  it('without cancelsRepeat a repeat of an in-flight request runs beside it', async () => {
    const { http } = consoleClient();
    const calls = pendingFetch();
    const a = http.get('/api/admin/orders', { params: { page: 1 } });
    const b = http.get('/api/admin/orders', { params: { page: 1 } });
    for (const call of calls) call.resolve(answer(200, { code: 10000, message: '', data: 'done' }));
    await expect(a).resolves.toBe('done');
    await expect(b).resolves.toBe('done');
  });

  it('before the app binds its router, the login page is loaded below the base path', async () => {
    const client = createHttpClient({ basePath: '/admin/', loginPath: '/login' });
    const location = { pathname: '/admin/orders', search: '?page=2', assign: vi.fn() };
    vi.stubGlobal('window', { location });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { code: 10001, message: '请先登录', data: null })),
    );
    await expect(client.http.get('/api/admin/orders')).rejects.toThrow();
    expect(location.assign).toHaveBeenCalledWith('/admin/login');
    location.assign.mockClear();
    location.pathname = '/admin/login';
    await expect(client.http.get('/api/admin/orders')).rejects.toThrow();
    expect(location.assign).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('loginTarget carries the current path only when loginRedirect is set', () => {
    expect(createHttpClient(shopLike).loginTarget('/cart?x=1')).toBe('/login?redirect=%2Fcart%3Fx%3D1');
    expect(createHttpClient({ basePath: '/admin/', loginPath: '/login' }).loginTarget('/orders')).toBe(
      '/login',
    );
  });
});

describe('unreportedMessage: what a page adds to what the client reported', () => {
  it('adds nothing to a refusal the client showed, a time-out or a replaced request', () => {
    expect(unreportedMessage(new ApiError(400, '优惠券已领完', null, 400), '领取失败')).toBeNull();
    expect(unreportedMessage(new ApiError(422, '请填写', { errors: {} }, 422), '保存失败')).toBeNull();
    expect(unreportedMessage(new ApiError(408, '请求超时', null, 0), '失败', true)).toBeNull();
    expect(unreportedMessage(new CancelledError('/api/cart'), '失败')).toBeNull();
    // antd's validateFields refusal: the messages are under the fields.
    expect(
      unreportedMessage({ errorFields: [{ name: ['title'], errors: ['请填写'] }] }, '保存失败'),
    ).toBeNull();
  });
  it('shows a silent call’s refusal and anything else, with the fallback for an empty message', () => {
    expect(unreportedMessage(new ApiError(400, '优惠券已领完', null, 400), '领取失败', true)).toBe(
      '优惠券已领完',
    );
    expect(unreportedMessage(new ApiError(400, '', null, 400), '领取失败', true)).toBe('领取失败');
    expect(unreportedMessage(new Error('boom'), '保存失败')).toBe('boom');
    expect(unreportedMessage('nothing', '保存失败')).toBe('保存失败');
  });
});
