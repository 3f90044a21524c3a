import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerCookie, createBuyer } from '../../../test/factories';
import { browserLike, createTestApp, type TestContext } from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { users, wechatTickets } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

/** A browser: its cookies follow every answer, as Chromium's would. */
function browser(initial = '') {
  const jar = new Map<string, string>();
  for (const part of initial.split('; ').filter(Boolean)) {
    const [k, ...v] = part.split('=');
    jar.set(k, v.join('='));
  }
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const send = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, accept?: string) => {
    const res = await ctx.app.inject({
      method,
      url,
      payload,
      headers: { cookie: header(), ...(accept ? { accept } : {}) },
    });
    for (const c of res.cookies) {
      if (c.maxAge === 0 || c.value === '') jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  };
  return { send, jar };
}

const ticketOf = (qr: string) => qr.split('/').pop() as string;

describe('绑定微信 and 微信登录 (sandbox)', () => {
  it('a store binds its WeChat; the same browser then logs in by WeChat; unbinding ends it', async () => {
    const b = await createBuyer(ctx.app.db);
    const shop = browser(await buyerCookie(ctx.app, b.user.id));
    const made = await shop.send('POST', '/api/wechat/ticket', { purpose: 'bind' });
    expect(made.statusCode, made.body).toBe(200);
    const { ticket, qr_content } = made.json().data;
    expect(qr_content).toMatch(/\/api\/wechat\/sandbox\/scan\/[A-Za-z0-9_-]{32}$/);
    expect((await shop.send('GET', `/api/wechat/ticket/${ticket}`)).json().data.state).toBe('waiting');

    // The "phone" is this browser: the scan page, then its confirm.
    const page = await shop.send('GET', `/api/wechat/sandbox/scan/${ticketOf(qr_content)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('绑定到当前门店账号');
    const confirmed = await shop.send(
      'POST',
      `/api/wechat/sandbox/scan/${ticket}/confirm`,
      undefined,
      'text/html',
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(shop.jar.has('yc_wxid')).toBe(true);
    const bound = (await shop.send('GET', `/api/wechat/ticket/${ticket}`)).json().data;
    expect(bound.state).toBe('bound');
    expect((await shop.send('GET', '/api/user/base')).json().data.wechat).toBe('已绑定');
    // A ticket completes once.
    expect((await shop.send('GET', `/api/wechat/ticket/${ticket}`)).statusCode).toBe(404);

    // Logged out, the same browser logs in by WeChat.
    await shop.send('DELETE', '/api/user/logout');
    const login = (await shop.send('POST', '/api/wechat/ticket', { purpose: 'login' })).json().data;
    await shop.send('POST', `/api/wechat/sandbox/scan/${login.ticket}/confirm`, undefined, 'text/html');
    const done = await shop.send('GET', `/api/wechat/ticket/${login.ticket}`);
    expect(done.json().data.state, done.body).toBe('logged_in');
    expect((await shop.send('GET', '/api/user/base')).json().data).toMatchObject({
      is_login: true,
      id: b.user.id,
    });

    // Unbound, the WeChat no longer names a store.
    expect((await shop.send('DELETE', '/api/user/unbind_wechat')).statusCode).toBe(200);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, b.user.id));
    expect(row.wechatOpenId).toBeNull();
    await shop.send('DELETE', '/api/user/logout');
    const again = (await shop.send('POST', '/api/wechat/ticket', { purpose: 'login' })).json().data;
    await shop.send('POST', `/api/wechat/sandbox/scan/${again.ticket}/confirm`, undefined, 'text/html');
    expect((await shop.send('GET', `/api/wechat/ticket/${again.ticket}`)).json().data.state).toBe('unbound');
    expect((await shop.send('GET', '/api/user/base')).json().data.is_login).toBe(false);
  });

  it('refuses a bind ticket to a visitor, another store’s scan, a poll from another browser, a forged identity and an expired ticket', async () => {
    const b = await createBuyer(ctx.app.db);
    const other = await createBuyer(ctx.app.db);
    const visitor = browser();
    expect((await visitor.send('POST', '/api/wechat/ticket', { purpose: 'bind' })).statusCode).toBe(401);
    expect((await visitor.send('POST', '/api/wechat/ticket', { purpose: 'pay' })).statusCode).toBe(422);

    const shop = browser(await buyerCookie(ctx.app, b.user.id));
    const { ticket } = (await shop.send('POST', '/api/wechat/ticket', { purpose: 'bind' })).json().data;
    // Another store cannot confirm it (its WeChat would bind to this store), nor poll it.
    const intruder = browser(await buyerCookie(ctx.app, other.user.id));
    expect((await intruder.send('POST', `/api/wechat/sandbox/scan/${ticket}/confirm`)).statusCode).toBe(404);
    expect((await intruder.send('GET', `/api/wechat/ticket/${ticket}`)).statusCode).toBe(404);
    expect((await visitor.send('POST', `/api/wechat/sandbox/scan/${ticket}/confirm`)).statusCode).toBe(401);

    // A login scan without the sandbox identity, or with a forged one, is refused.
    const login = (await visitor.send('POST', '/api/wechat/ticket', { purpose: 'login' })).json().data;
    expect((await visitor.send('POST', `/api/wechat/sandbox/scan/${login.ticket}/confirm`)).statusCode).toBe(
      400,
    );
    visitor.jar.set('yc_wxid', 'sbx_someone.forged');
    expect((await visitor.send('POST', `/api/wechat/sandbox/scan/${login.ticket}/confirm`)).statusCode).toBe(
      400,
    );

    // Expired: the poll says so and the scan is refused.
    await ctx.app.db
      .update(wechatTickets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(wechatTickets.id, ticket));
    expect((await shop.send('GET', `/api/wechat/ticket/${ticket}`)).json().data.state).toBe('expired');
    expect((await shop.send('POST', `/api/wechat/sandbox/scan/${ticket}/confirm`)).statusCode).toBe(400);
    expect((await shop.send('GET', '/api/wechat/ticket/not-a-ticket')).statusCode).toBe(422);
  });

  it('refuses the sandbox under NODE_ENV=production unless allowed; production defaults to none', async () => {
    const appWith = async (env: Record<string, string>) => {
      const app = await buildApp({
        config: {
          ...loadConfig({
            DATA_DIR: '/nonexistent-yaocai',
            PAYMENT_PROVIDER: 'none',
            ALLOW_DEMO_INVOICE: '1',
            ALLOW_LOG_SMS: '1',
            ...env,
          }),
          seedDemoData: false,
        },
        database: ctx.database,
        logger: false,
      });
      app.inject = browserLike(app);
      return app;
    };
    await expect(appWith({ NODE_ENV: 'production', WECHAT_PROVIDER: 'sandbox' })).rejects.toThrow(
      /ALLOW_SANDBOX_WECHAT/,
    );
    const app = await appWith({ NODE_ENV: 'production' });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/wechat/ticket',
        payload: { purpose: 'login' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('微信登录暂未开通，请使用手机号登录');
      const scan = await app.inject({ method: 'GET', url: `/api/wechat/sandbox/scan/${'a'.repeat(32)}` });
      expect(scan.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
