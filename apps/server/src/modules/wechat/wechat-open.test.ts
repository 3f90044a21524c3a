import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerCookie, createBuyer } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import {
  newWechatUser,
  startWechatOpenDouble,
  type WechatOpenDouble,
  type WechatUser,
} from '../../../test/wechat-open-double';
import { loadConfig } from '../../config';
import { accountEvents, users } from '../../db/schema';
import { wechatOpenProvider } from './provider';

// 网站应用微信登录 (WECHAT_PROVIDER=wechat) against a local double of WeChat's documented OAuth
// endpoints: the browser goes to the QR page, comes back through /api/wechat/callback to the shop
// page, which completes the ticket.

let ctx: TestContext;
let wx: WechatOpenDouble;
beforeAll(async () => {
  wx = await startWechatOpenDouble();
  ctx = await createTestApp({
    seed: false,
    config: {
      wechatProvider: 'wechat',
      wechat: { appId: wx.appId, secret: wx.secret, openBase: wx.base, apiBase: wx.base },
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await wx?.close();
});

/** A browser: its cookies follow every answer. */
function browser(initial = '') {
  const jar = new Map<string, string>();
  for (const part of initial.split('; ').filter(Boolean)) {
    const [k, ...v] = part.split('=');
    jar.set(k, v.join('='));
  }
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const send = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const res = await ctx.app.inject({ method, url, payload, headers: { cookie: header() } });
    for (const c of res.cookies) {
      if (c.maxAge === 0 || c.value === '') jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  };
  return { send, jar };
}
type Browser = ReturnType<typeof browser>;

/** The ticket, and where WeChat's QR page sends the browser back once `who` scans. */
async function authorize(
  b: Browser,
  purpose: 'bind' | 'login' | 'register',
  who: WechatUser | 'refuse',
  returnTo?: string,
) {
  const made = await b.send('POST', '/api/wechat/ticket', {
    purpose,
    ...(returnTo ? { return_to: returnTo } : {}),
  });
  expect(made.statusCode, made.body).toBe(200);
  const data = made.json().data;
  expect(data.mode).toBe('redirect');
  const url = new URL(data.authorize_url);
  expect(`${url.origin}${url.pathname}`).toBe(`${wx.base}/connect/qrconnect`);
  expect(url.hash).toBe('#wechat_redirect');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    appid: wx.appId,
    redirect_uri: 'http://localhost:80/api/wechat/callback',
    response_type: 'code',
    scope: 'snsapi_login',
    state: data.ticket,
  });
  expect(data.authorize_url).not.toContain(wx.secret);
  wx.scanner = who;
  const qr = await fetch(data.authorize_url, { redirect: 'manual' });
  expect(qr.status).toBe(302);
  const back = new URL(qr.headers.get('location') as string);
  return {
    ticket: data.ticket as string,
    callback: `${back.pathname}${back.search}`,
    code: back.searchParams.get('code'),
  };
}

/** The browser follows the callback back to the shop page, whose poll completes the ticket. */
async function comeBack(b: Browser, callback: string) {
  const res = await b.send('GET', callback);
  expect(res.statusCode, res.body).toBe(303);
  const to = new URL(res.headers.location as string, 'http://localhost');
  const ticket = to.searchParams.get('wx') as string;
  const poll = await b.send('GET', `/api/wechat/ticket/${ticket}`);
  return { to, poll };
}

const rowOf = async (id: number) => (await ctx.app.db.select().from(users).where(eq(users.id, id)))[0];
const eventsOf = (userId: number) =>
  ctx.app.db.select().from(accountEvents).where(eq(accountEvents.userId, userId)).orderBy(accountEvents.id);

describe('网站应用微信登录 (WECHAT_PROVIDER=wechat)', () => {
  it('a bound store logs in: WeChat’s QR page, the callback, the login page completes the ticket', async () => {
    const me = newWechatUser('古墩路店');
    const b = await createBuyer(ctx.app.db);
    await ctx.app.db.update(users).set({ wechatOpenId: me.unionid }).where(eq(users.id, b.user.id));
    const shop = browser();
    const { callback } = await authorize(shop, 'login', me, '/login?redirect=/user');
    const { to, poll } = await comeBack(shop, callback);
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('redirect')).toBe('/user');
    expect(poll.json().data.state, poll.body).toBe('logged_in');
    expect((await shop.send('GET', '/api/user/base')).json().data).toMatchObject({
      is_login: true,
      id: b.user.id,
    });
    // The ticket completes once.
    expect((await shop.send('GET', `/api/wechat/ticket/${to.searchParams.get('wx')}`)).statusCode).toBe(404);
  });

  it('binds a store (by unionid, else openid), which then logs in by WeChat; a WeChat no store holds is told so', async () => {
    for (const me of [newWechatUser('有unionid'), newWechatUser('无unionid', false)]) {
      const b = await createBuyer(ctx.app.db);
      const shop = browser(await buyerCookie(ctx.app, b.user.id));
      // The page asks user/base before the poll binds (the server keeps a copy a second).
      expect((await shop.send('GET', '/api/user/base')).json().data.wechat).not.toBe('已绑定');
      const { callback } = await authorize(shop, 'bind', me);
      const { to, poll } = await comeBack(shop, callback);
      expect(to.pathname).toBe('/bdwx');
      expect(poll.json().data.state, poll.body).toBe('bound');
      expect((await rowOf(b.user.id)).wechatOpenId).toBe(me.unionid ?? me.openid);
      expect((await shop.send('GET', '/api/user/base')).json().data.wechat).toBe('已绑定');

      await shop.send('DELETE', '/api/user/logout');
      const login = await authorize(shop, 'login', me);
      const done = await comeBack(shop, login.callback);
      expect(done.to.pathname).toBe('/login');
      expect(done.poll.json().data.state).toBe('logged_in');
      expect((await shop.send('GET', '/api/user/base')).json().data.id).toBe(b.user.id);
    }
    const stranger = browser();
    const { callback } = await authorize(stranger, 'login', newWechatUser('路人'));
    expect((await comeBack(stranger, callback)).poll.json().data.state).toBe('unbound');
    expect((await stranger.send('GET', '/api/user/base')).json().data.is_login).toBe(false);
  });

  it('refuses a forged state, a state from another browser and a missing state, before spending the code', async () => {
    const me = newWechatUser('受害者');
    const b = await createBuyer(ctx.app.db);
    await ctx.app.db.update(users).set({ wechatOpenId: me.unionid }).where(eq(users.id, b.user.id));
    const victim = browser();
    const { callback, code, ticket } = await authorize(victim, 'login', me);
    // The classic login CSRF: the attacker scans for its own ticket and hands the victim the
    // callback (the attacker's state and code); and the victim's callback replayed elsewhere.
    const attacker = browser();
    const own = await authorize(attacker, 'login', newWechatUser('攻击者'));
    const before = wx.exchanges.length;
    for (const [who, url] of [
      [victim, own.callback],
      [attacker, callback],
      [victim, `/api/wechat/callback?code=${code}&state=${'A'.repeat(32)}`],
      [victim, `/api/wechat/callback?code=${code}`],
      [victim, `/api/wechat/callback?code=${code}&state=${ticket}x`],
    ] as const) {
      const res = await who.send('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('微信授权与本浏览器发起的请求不符，请回到药采重新扫码');
    }
    expect(wx.exchanges.length).toBe(before);
    expect((await attacker.send('GET', '/api/user/base')).json().data.is_login).toBe(false);
    // The victim's own callback still works: nothing was spent.
    expect((await comeBack(victim, callback)).poll.json().data.state).toBe('logged_in');
  });

  it('refuses a reused code (WeChat’s 40163) and a replayed callback, and says when the person refused', async () => {
    const me = newWechatUser('门店');
    const b = await createBuyer(ctx.app.db);
    await ctx.app.db.update(users).set({ wechatOpenId: me.unionid }).where(eq(users.id, b.user.id));
    const shop = browser();
    const first = await authorize(shop, 'login', me);
    const firstBack = await shop.send('GET', first.callback);
    expect(firstBack.statusCode).toBe(303);
    // The same callback again: its ticket is no longer open.
    const replay = await shop.send('GET', first.callback);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('该二维码已扫过');
    // A new ticket of this browser with the spent code: WeChat answers 40163.
    const second = await authorize(shop, 'login', me);
    const reused = await shop.send('GET', `/api/wechat/callback?code=${first.code}&state=${second.ticket}`);
    expect(reused.statusCode).toBe(400);
    expect(reused.body).toContain('该微信授权码已使用，请重新扫码');
    expect(reused.body).toContain('href="/login"');
    // A code WeChat never gave.
    const third = await authorize(shop, 'login', me);
    const unknown = await shop.send('GET', `/api/wechat/callback?code=nope&state=${third.ticket}`);
    expect(unknown.body).toContain('微信授权码无效或已过期，请重新扫码');
    // 拒绝 on WeChat's page: back with the state only.
    const refused = await authorize(shop, 'login', 'refuse', '/login?redirect=/cart');
    const page = await shop.send('GET', refused.callback);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('您已取消微信授权');
    expect(page.body).toContain('href="/login?redirect=/cart"');
  });

  it('refuses a WeChat already bound to another store, and audits the binding and the unbinding', async () => {
    const me = newWechatUser('一店');
    const first = await createBuyer(ctx.app.db);
    const second = await createBuyer(ctx.app.db);
    const a = browser(await buyerCookie(ctx.app, first.user.id));
    expect((await comeBack(a, (await authorize(a, 'bind', me)).callback)).poll.json().data.state).toBe(
      'bound',
    );

    const b = browser(await buyerCookie(ctx.app, second.user.id));
    const { poll } = await comeBack(b, (await authorize(b, 'bind', me)).callback);
    expect(poll.statusCode).toBe(400);
    expect(poll.json().message).toBe('该微信已绑定其他门店账号，请先在该账号解除绑定');
    expect((await rowOf(second.user.id)).wechatOpenId).toBeNull();
    // Even past the check, the unique index holds.
    await expect(
      ctx.app.db.update(users).set({ wechatOpenId: me.unionid }).where(eq(users.id, second.user.id)),
    ).rejects.toThrow();

    expect((await a.send('DELETE', '/api/user/unbind_wechat')).statusCode).toBe(200);
    expect((await rowOf(first.user.id)).wechatOpenId).toBeNull();
    const events = await eventsOf(first.user.id);
    expect(events.map((e) => [e.action, e.detail])).toEqual([
      ['wechat.bind', { wechat: me.unionid, via: 'bind' }],
      ['wechat.unbind', { wechat: me.unionid }],
    ]);
    expect(events[1].ip).toBeTruthy();
    // Nothing bound: nothing recorded. The second store may now bind it.
    expect((await a.send('DELETE', '/api/user/unbind_wechat')).statusCode).toBe(200);
    expect(await eventsOf(first.user.id)).toHaveLength(2);
    expect((await comeBack(b, (await authorize(b, 'bind', me)).callback)).poll.json().data.state).toBe(
      'bound',
    );
    expect((await eventsOf(second.user.id)).map((e) => e.action)).toEqual(['wechat.bind']);
  });

  it('微信注册: the WeChat comes back to /register/wechat and waits for the registration', async () => {
    const shop = browser();
    const { to, poll } = await comeBack(
      shop,
      (await authorize(shop, 'register', newWechatUser('新店'))).callback,
    );
    expect(to.pathname).toBe('/register/wechat');
    expect(poll.json().data.state).toBe('registering');
    expect(shop.jar.has('yc_wxreg')).toBe(true);
  });

  it('refuses a return path off the site, and a bind ticket to a visitor', async () => {
    const shop = browser();
    for (const bad of ['//evil.example/x', 'https://evil.example', '/\\evil.example'])
      expect(
        (await shop.send('POST', '/api/wechat/ticket', { purpose: 'login', return_to: bad })).statusCode,
      ).toBe(422);
    expect((await shop.send('POST', '/api/wechat/ticket', { purpose: 'bind' })).statusCode).toBe(401);
  });

  it('keeps the AppSecret out of logs and answers when WeChat refuses the app or cannot be reached', async () => {
    const logged: unknown[] = [];
    const log = { warn: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const wrong = 'f'.repeat(32);
    const badSecret = wechatOpenProvider(
      { appId: wx.appId, secret: wrong, openBase: wx.base, apiBase: wx.base },
      log,
    );
    await expect(badSecret.exchange('any')).rejects.toThrow('微信登录暂不可用，请稍后再试或使用手机号登录');
    const unreachable = wechatOpenProvider(
      { appId: wx.appId, secret: wx.secret, openBase: wx.base, apiBase: 'http://127.0.0.1:1' },
      log,
    );
    await expect(unreachable.exchange('any')).rejects.toThrow('微信服务暂时无法访问，请稍后再试');
    expect(JSON.stringify(logged)).toContain('40125');
    expect(JSON.stringify(logged)).not.toContain(wrong);
    expect(JSON.stringify(logged)).not.toContain(wx.secret);
  });
});

describe('WECHAT_PROVIDER=wechat configuration', () => {
  const appId = 'wx0123456789abcdef';
  const secret = '0123456789abcdef0123456789abcdef';
  it('stops the start naming what is missing or malformed, never echoing the secret', () => {
    expect(() => loadConfig({ WECHAT_PROVIDER: 'wechat' })).toThrow(/needs WECHAT_APPID and WECHAT_SECRET/);
    expect(() => loadConfig({ WECHAT_PROVIDER: 'wechat', WECHAT_SECRET: secret })).toThrow(
      /needs WECHAT_APPID \(/,
    );
    expect(() => loadConfig({ WECHAT_PROVIDER: 'wechat', WECHAT_APPID: appId })).toThrow(
      /needs WECHAT_SECRET \(/,
    );
    expect(() =>
      loadConfig({ WECHAT_PROVIDER: 'wechat', WECHAT_APPID: 'wx123', WECHAT_SECRET: secret }),
    ).toThrow(/WECHAT_APPID is malformed/);
    const badSecret = `${secret}!`;
    expect(() =>
      loadConfig({ WECHAT_PROVIDER: 'wechat', WECHAT_APPID: appId, WECHAT_SECRET: badSecret }),
    ).toThrow(/^WECHAT_SECRET is malformed[^!]*$/);
    expect(() =>
      loadConfig({
        WECHAT_PROVIDER: 'wechat',
        WECHAT_APPID: appId,
        WECHAT_SECRET: secret,
        WECHAT_API_BASE: 'ftp://x',
      }),
    ).toThrow(/WECHAT_API_BASE/);
    expect(() =>
      loadConfig({
        WECHAT_PROVIDER: 'wechat',
        WECHAT_APPID: appId,
        WECHAT_SECRET: secret,
        WECHAT_REDIRECT_BASE: 'https://shop.example/path',
      }),
    ).toThrow(/WECHAT_REDIRECT_BASE/);
    expect(() => loadConfig({ WECHAT_PROVIDER: 'qq' })).toThrow(/WECHAT_PROVIDER=qq/);
    expect(
      loadConfig({ WECHAT_PROVIDER: 'wechat', WECHAT_APPID: appId, WECHAT_SECRET: secret }).wechat,
    ).toEqual({
      appId,
      secret,
      openBase: 'https://open.weixin.qq.com',
      apiBase: 'https://api.weixin.qq.com',
      redirectBase: undefined,
    });
    // Production keeps WeChat off unless it is named; the sandbox stays the default elsewhere.
    expect(loadConfig({ NODE_ENV: 'production' }).wechatProvider).toBe('none');
    expect(loadConfig({}).wechatProvider).toBe('sandbox');
  });
});
