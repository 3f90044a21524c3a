import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, createTestApp, type TestContext } from '../../test/helpers';
import { smsCodes } from '../db/schema';

// Issue 11: when the server believed every proxy, anyone picked their own client address through
// X-Forwarded-For (every per-IP limit fell), and no cookie ever carried Secure, even behind https.
// Forwarded headers now count only from the proxies named by TRUST_PROXY.

const lookup = (ctx: TestContext, remoteAddress: string, forwardedFor: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/user/phone/13900000000',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

const login = (ctx: TestContext, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress,
    payload: { username: '13800000001', password: 'Demo@123456' },
    headers,
  });

const sessionCookie = (res: { cookies: { name: string; secure?: boolean }[] }) =>
  res.cookies.find((c) => c.name === 'yc_sid');

describe('without TRUST_PROXY (the default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('counts per-IP limits by the socket address, whatever X-Forwarded-For says', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await lookup(ctx, '10.77.0.1', `198.51.100.${i}`)).statusCode);
    expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(answers[30]).toBe(429);
  });

  it('records the socket address of an SMS code request (the daily per-IP cap counts it)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/create_code',
      remoteAddress: '10.77.0.2',
      payload: { phone: '13900000077', type: 'register' },
      headers: { 'x-forwarded-for': '198.51.100.200' },
    });
    expect(res.statusCode).toBe(200);
    const [code] = await ctx.app.db.select().from(smsCodes).where(eq(smsCodes.phone, '13900000077'));
    expect(code.ip).toBe('10.77.0.2');
  });

  it('does not mark cookies Secure because a client says X-Forwarded-Proto: https', async () => {
    const res = await login(ctx, '10.77.0.3', { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)?.secure).toBeFalsy();
  });
});

describe('TRUST_PROXY=127.0.0.1', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(() => ctx.close());

  it('believes X-Forwarded-For from the proxy only', async () => {
    for (let i = 0; i < 31; i++)
      expect((await lookup(ctx, '127.0.0.1', `198.51.100.${i}`)).statusCode).toBe(200);
    const spoofed: number[] = [];
    for (let i = 0; i < 31; i++) spoofed.push((await lookup(ctx, '10.78.0.1', `203.0.113.${i}`)).statusCode);
    expect(spoofed[30]).toBe(429);
  });

  it('marks cookies Secure when the proxy says the request came over https', async () => {
    const https = await login(ctx, '127.0.0.1', {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '198.51.100.7',
    });
    expect(sessionCookie(https)?.secure).toBe(true);
    const http = await login(ctx, '127.0.0.1', { 'x-forwarded-for': '198.51.100.8' });
    expect(sessionCookie(http)?.secure).toBeFalsy();
    const spoofed = await login(ctx, '10.78.0.2', { 'x-forwarded-proto': 'https' });
    expect(sessionCookie(spoofed)?.secure).toBeFalsy();
  });
});

describe('COOKIE_SECURE=1', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { cookieSecure: true } });
  });
  afterAll(() => ctx.close());

  it('marks every session cookie Secure, also on plain http and on logout', async () => {
    const res = await login(ctx, '10.79.0.1');
    expect(sessionCookie(res)?.secure).toBe(true);
    const cookie = cookiesOf(res);
    const logout = await ctx.app.inject({ method: 'DELETE', url: '/api/user/logout', headers: { cookie } });
    expect(sessionCookie(logout)?.secure).toBe(true);
  });
});
