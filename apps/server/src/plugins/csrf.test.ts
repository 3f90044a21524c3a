import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerCookie, createBuyer, makeWarehouse, operatorCookie, unpaidOrder } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helpers';
import { orders } from '../db/schema';

// Issue 11: the CSRF check looked at the raw URL (`/%61pi/...` passed), accepted a state change
// naming neither Origin nor Referer, and believed X-Forwarded-Host from anyone. These tests send
// exactly the headers they name (ctx.injectAsIs), unlike the browser-like `app.inject`.

let ctx: TestContext;
let warehouseId: number;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(() => ctx.close());

const EVIL = 'https://evil.example';

const buyerWithUnpaidOrder = () =>
  unpaidOrder(ctx.app, warehouseId, { buyer: { balanceFen: 500000 }, priceFen: 10000 });

const statusOf = async (orderId: number) =>
  (await ctx.app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0].status;

describe('CSRF check (buyer scope)', () => {
  it('refuses a foreign Origin on a percent-encoded /%61pi path: the order stays unpaid', async () => {
    const { cookie, orderId } = await buyerWithUnpaidOrder();
    for (const url of ['/%61pi/pay/balance', '/api/pay/balance', '/api/pay/%62alance']) {
      const res = await ctx.injectAsIs({
        method: 'POST',
        url,
        payload: { order_id: orderId },
        headers: { cookie, origin: EVIL },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('非法的请求来源');
    }
    expect(await statusOf(orderId)).toBe('pending_payment');
  });

  it('refuses a state change naming neither Origin nor Referer', async () => {
    const { cookie, orderId } = await buyerWithUnpaidOrder();
    const res = await ctx.injectAsIs({
      method: 'POST',
      url: '/api/pay/balance',
      payload: { order_id: orderId },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(await statusOf(orderId)).toBe('pending_payment');
    const sameSite = await ctx.injectAsIs({
      method: 'POST',
      url: '/%61pi/pay/balance',
      payload: { order_id: orderId },
      headers: { cookie, referer: 'http://localhost/cart' },
    });
    expect(sameSite.statusCode).toBe(200);
    expect(await statusOf(orderId)).not.toBe('pending_payment');
  });

  it('does not believe X-Forwarded-Host from a client that is not a trusted proxy', async () => {
    const { cookie, orderId } = await buyerWithUnpaidOrder();
    const res = await ctx.injectAsIs({
      method: 'POST',
      url: '/api/pay/balance',
      payload: { order_id: orderId },
      headers: { cookie, origin: EVIL, 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(await statusOf(orderId)).toBe('pending_payment');
  });

  it('refuses every state-changing route without Origin or Referer, but the signed payment notification', async () => {
    const buyer = await buyerCookie(ctx.app, (await createBuyer(ctx.app.db)).user.id);
    const { cookie: operator } = await operatorCookie(ctx.app);
    const paths = ctx.app.swagger().paths ?? {};
    const accepted: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(paths)) {
      for (const method of ['post', 'put', 'patch', 'delete'] as const) {
        if (!item?.[method]) continue;
        checked++;
        const res = await ctx.injectAsIs({
          method: method.toUpperCase() as 'POST',
          url: path.replace(/\{[^}]+\}/g, '1'),
          payload: {},
          headers: { cookie: `${buyer}; ${operator}` },
        });
        if (res.statusCode !== 403) accepted.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(accepted).toEqual(['POST /api/pay/notify/{provider}']);
  });
});

describe('CSRF check (operator scope)', () => {
  it('refuses a foreign or missing Origin on operator routes, whatever the path spelling', async () => {
    const { cookie } = await operatorCookie(ctx.app);
    for (const headers of [{ origin: EVIL }, { referer: `${EVIL}/x` }, {}]) {
      for (const url of ['/api/admin/logout', '/%61pi/admin/logout', '/api/%61dmin/logout']) {
        const res = await ctx.injectAsIs({ method: 'DELETE', url, headers: { cookie, ...headers } });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    const me = await ctx.injectAsIs({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const login = await ctx.injectAsIs({
      method: 'POST',
      url: '/%61pi/admin/login',
      payload: { username: 'admin', password: 'Admin@123456' },
      headers: { origin: EVIL, 'x-forwarded-host': 'evil.example' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.cookies).toHaveLength(0);
  });
});

describe('CSRF check behind a trusted proxy', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestApp({ seed: false, config: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(() => proxied.close());

  it('compares the Origin with the forwarded host only when the proxy is trusted', async () => {
    const { cookie } = await operatorCookie(proxied.app);
    const through = (remoteAddress: string) =>
      proxied.injectAsIs({
        method: 'DELETE',
        url: '/api/admin/logout',
        remoteAddress,
        headers: {
          cookie,
          host: '10.0.0.5:3000',
          origin: 'https://shop.example',
          'x-forwarded-host': 'shop.example',
          'x-forwarded-proto': 'https',
        },
      });
    expect((await through('203.0.113.9')).statusCode).toBe(403);
    expect((await through('127.0.0.1')).statusCode).toBe(200);
  });
});

// The deploy rehearsal: nginx's `proxy_set_header Host $host` drops a non-default port, so the
// browser's Origin (https://shop:8443) no longer matched and every POST was refused. nginx.conf
// passes `$http_host`, the Host as the browser sent it; the check compares ports.
describe('CSRF check behind nginx on a non-default port', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestApp({ seed: false, config: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(() => proxied.close());

  const login = (host: string, origin: string) =>
    proxied.injectAsIs({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: '13900000077', password: 'Wrong@123456' },
      // light-my-request's socket is 127.0.0.1: the trusted proxy.
      headers: { host, origin, 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
    });

  it('accepts the Origin when the Host keeps its port ($http_host)', async () => {
    const res = await login('shop.example.com:8443', 'https://shop.example.com:8443');
    expect(res.json().message).not.toBe('非法的请求来源');
    expect(res.statusCode).not.toBe(403);
    const defaultPort = await login('shop.example.com', 'https://shop.example.com');
    expect(defaultPort.statusCode).not.toBe(403);
  });

  it('refuses it when the port was dropped ($host), and another port', async () => {
    expect((await login('shop.example.com', 'https://shop.example.com:8443')).statusCode).toBe(403);
    expect((await login('shop.example.com:8443', 'https://shop.example.com:9443')).statusCode).toBe(403);
  });
});
