import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer } from '../../../test/factories';
import { cookiesOf, createTestApp, sessionStoreKinds, type TestContext } from '../../../test/helpers';
import { sessions, users } from '../../db/schema';
import { hashPassword } from './passwords';
import { client, countRows } from './test-kit';

let ctx: TestContext;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp();
  api = client(ctx);
});
afterAll(() => ctx.close());

const sessionIdOf = (cookie: string) => /yc_sid=([^;]+)/.exec(cookie)?.[1];

describe('POST /api/user/login', () => {
  it('logs in by phone or user name with an httpOnly SameSite=Lax cookie and argon2id hashes', async () => {
    const res = await api.post('/api/user/login', { username: '13800000001', password: 'Demo@123456' });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'yc_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(
      (await api.post('/api/user/login', { username: 'renxin', password: 'Demo@123456' })).statusCode,
    ).toBe(200);
    const [user] = await ctx.app.db.select().from(users).where(eq(users.phone, '13800000001'));
    expect(user.passwordHash.startsWith('$argon2id$')).toBe(true);
  });
  it('issues a new session id on every login (no fixation)', async () => {
    const first = await api.login('13800000001');
    const res = await api.call('POST', '/api/user/login', {
      body: { username: '13800000011', password: 'Demo@123456' },
      cookie: first,
    });
    const second = cookiesOf(res);
    expect(sessionIdOf(second)).not.toBe(sessionIdOf(first));
    expect(await countRows(ctx, `sessions where id = '${sessionIdOf(first)}'`)).toBe(0);
    expect((await api.get('/api/user/base', second)).json().data.phone).toBe('13800000011');
  });
  it('answers a generic message for a wrong password or an unknown user', async () => {
    const wrong = await api.post('/api/user/login', { username: '13800000012', password: 'Nope12345' });
    const unknown = await api.post('/api/user/login', { username: 'ghost', password: 'Nope12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('用户名或密码错误');
    expect(unknown.json().message).toBe('用户名或密码错误');
  });
  it('validates the body', async () => {
    for (const body of [
      {},
      { username: '', password: 'x' },
      { username: 'x'.repeat(51), password: 'x' },
      { username: 'a', password: 'b', remember: 1 },
    ]) {
      const res = await api.post('/api/user/login', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
  it('answers 413 for a huge body and 400 for malformed JSON', async () => {
    const huge = await api.post('/api/user/login', { username: 'x', password: 'y'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('提交的数据过大');
    const malformed = await api.call('POST', '/api/user/login', {
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
  });
  it('locks a user name after 5 failures in 15 minutes, even with the right password', async () => {
    for (let i = 0; i < 5; i++)
      await api.post('/api/user/login', { username: '13800000002', password: `Wrong${i}x1` });
    const locked = await api.post('/api/user/login', { username: '13800000002', password: 'Demo@123456' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('密码错误次数过多，请15分钟后再试或通过忘记密码重置');
    const realNow = ctx.app.clock.now;
    ctx.app.clock.now = () => new Date(Date.now() + 16 * 60_000);
    try {
      expect(
        (await api.post('/api/user/login', { username: '13800000002', password: 'Demo@123456' })).statusCode,
      ).toBe(200);
    } finally {
      ctx.app.clock.now = realNow;
    }
  });
  it('rate limits logins per IP', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await api.call('POST', '/api/user/login', {
        body: { username: 'x', password: 'y' },
        ip: '10.200.0.1',
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
  it('refuses a cross-site login (CSRF)', async () => {
    const res = await api.call('POST', '/api/user/login', {
      body: { username: '13800000001', password: 'Demo@123456' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
    const logout = await api.call('DELETE', '/api/user/logout', {
      headers: { referer: 'https://evil.example/page' },
    });
    expect(logout.statusCode).toBe(403);
  });
});

describe('DELETE /api/user/logout', () => {
  it('destroys the session row and clears the cookie', async () => {
    const cookie = await api.login('13800000001');
    const id = sessionIdOf(cookie) as string;
    expect(await countRows(ctx, `sessions where id = '${id}'`)).toBe(1);
    const res = await api.call('DELETE', '/api/user/logout', { cookie });
    expect(res.statusCode).toBe(200);
    expect(await countRows(ctx, `sessions where id = '${id}'`)).toBe(0);
    expect(res.cookies.find((c) => c.name === 'yc_sid')?.value).toBe('');
    expect((await api.get('/api/user/base', cookie)).json().data.is_login).toBe(false);
    expect((await api.get('/api/user/jyfw', cookie)).statusCode).toBe(401);
  });
});

describe('forgot password', () => {
  it('resets the password with the SMS code; the new one works, the old does not, other sessions end', async () => {
    const phone = '13800000012';
    const other = await api.login(phone);
    // A buyer call reads (and this process caches) the other session first.
    expect((await api.get('/api/cart/total', other)).statusCode).toBe(200);
    const code = await api.sendCode(phone, 'forget');
    const verify = await api.post('/api/user/forget/verify', { phone, code });
    expect(verify.statusCode).toBe(200);
    const token = verify.json().data.token;
    const mismatch = await api.post('/api/user/resetPassword', {
      token,
      password: 'New12345',
      confirm_password: 'New12346',
    });
    expect(mismatch.json().data.errors.confirm_password).toEqual(['两次输入的密码不一致']);
    const res = await api.post('/api/user/resetPassword', {
      token,
      password: 'New12345',
      confirm_password: 'New12345',
    });
    expect(res.statusCode).toBe(200);
    expect((await api.get('/api/user/base', other)).json().data.is_login).toBe(false);
    expect((await api.get('/api/cart/total', other)).statusCode).toBe(401);
    expect((await api.post('/api/user/login', { username: phone, password: 'Demo@123456' })).statusCode).toBe(
      400,
    );
    await api.login(phone, 'New12345');
    const reuse = await api.post('/api/user/resetPassword', {
      token,
      password: 'New54321',
      confirm_password: 'New54321',
    });
    expect(reuse.statusCode).toBe(410);
  });
  it('refuses unknown phones, wrong and expired codes, bad tokens', async () => {
    expect(
      (await api.post('/api/user/forget/verify', { phone: '13700000001', code: '123456' })).json().message,
    ).toBe('该手机号未注册');
    const phone = '13800000011';
    const code = await api.sendCode(phone, 'forget');
    const wrong = await api.post('/api/user/forget/verify', {
      phone,
      code: code === '000000' ? '000001' : '000000',
    });
    expect(wrong.json().data.errors.code).toEqual(['验证码错误']);
    await ctx.app.db.execute(
      `update sms_codes set expires_at = now() - interval '1 second' where phone = '${phone}'` as never,
    );
    const expired = await api.post('/api/user/forget/verify', { phone, code });
    expect(expired.json().data.errors.code).toEqual(['验证码已过期，请重新获取']);
    const bad = await api.post('/api/user/resetPassword', {
      token: 'z'.repeat(30),
      password: 'New12345',
      confirm_password: 'New12345',
    });
    expect(bad.statusCode).toBe(410);
    const anonymous = await api.post('/api/user/resetPassword', {
      password: 'New12345',
      confirm_password: 'New12345',
    });
    expect(anonymous.statusCode).toBe(401);
  });
  it('lifts a login lockout', async () => {
    const phone = '13800000011';
    for (let i = 0; i < 5; i++)
      await api.post('/api/user/login', { username: phone, password: `Wrong${i}x1` });
    expect((await api.post('/api/user/login', { username: phone, password: 'Demo@123456' })).statusCode).toBe(
      429,
    );
    await api.ageCodes(phone, 61);
    const code = await api.sendCode(phone, 'forget');
    const token = (await api.post('/api/user/forget/verify', { phone, code })).json().data.token;
    await api.post('/api/user/resetPassword', {
      token,
      password: 'Fresh1234',
      confirm_password: 'Fresh1234',
    });
    await api.login(phone, 'Fresh1234');
  });
  it('lets a logged-in buyer change the password with the old one', async () => {
    const cookie = await api.login('13800000001');
    const wrong = await api.post(
      '/api/user/resetPassword',
      { old_password: 'nope', password: 'Change123', confirm_password: 'Change123' },
      cookie,
    );
    expect(wrong.json().data.errors.old_password).toEqual(['原密码不正确']);
    const res = await api.post(
      '/api/user/resetPassword',
      { old_password: 'Demo@123456', password: 'Change123', confirm_password: 'Change123' },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect((await api.get('/api/user/base', cookiesOf(res))).json().data.is_login).toBe(true);
    expect(await countRows(ctx, `sessions where id = '${sessionIdOf(cookie)}'`)).toBe(0);
    await api.login('13800000001', 'Change123');
  });
});

describe.each(sessionStoreKinds)(
  'a new password ends every session of the buyer (%s sessions)',
  (sessions) => {
    let own: TestContext;
    let ownApi: ReturnType<typeof client>;
    beforeAll(async () => {
      own = await createTestApp({ seed: false, sessions });
      ownApi = client(own);
    });
    afterAll(() => own.close());

    /** A buyer who can log in with Demo@123456, logged in twice, and another buyer logged in. */
    async function loggedInTwice() {
      const phones: string[] = [];
      for (let i = 0; i < 2; i++) {
        const { user } = await createBuyer(own.app.db);
        const passwordHash = await hashPassword('Demo@123456');
        await own.app.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        phones.push(user.phone);
      }
      const [phone, otherPhone] = phones;
      const logins = [await ownApi.login(phone), await ownApi.login(phone)];
      const bystander = await ownApi.login(otherPhone);
      for (const cookie of [...logins, bystander])
        expect((await ownApi.get('/api/cart/total', cookie)).statusCode).toBe(200);
      return { phone, logins, bystander };
    }

    it('with the SMS code: both earlier logins get 401, the other buyer stays logged in', async () => {
      const { phone, logins, bystander } = await loggedInTwice();
      const code = await ownApi.sendCode(phone, 'forget');
      const token = (await ownApi.post('/api/user/forget/verify', { phone, code })).json().data.token;
      const res = await ownApi.post('/api/user/resetPassword', {
        token,
        password: 'New12345',
        confirm_password: 'New12345',
      });
      expect(res.statusCode).toBe(200);
      for (const cookie of logins) expect((await ownApi.get('/api/cart/total', cookie)).statusCode).toBe(401);
      expect((await ownApi.get('/api/cart/total', bystander)).statusCode).toBe(200);
      expect((await ownApi.get('/api/cart/total', await ownApi.login(phone, 'New12345'))).statusCode).toBe(
        200,
      );
    });

    it('with the old password: the other login gets 401, this browser goes on with a new session', async () => {
      const { logins, bystander } = await loggedInTwice();
      const [here] = logins;
      const res = await ownApi.post(
        '/api/user/resetPassword',
        { old_password: 'Demo@123456', password: 'Change123', confirm_password: 'Change123' },
        here,
      );
      expect(res.statusCode).toBe(200);
      for (const cookie of logins) expect((await ownApi.get('/api/cart/total', cookie)).statusCode).toBe(401);
      expect((await ownApi.get('/api/cart/total', cookiesOf(res))).statusCode).toBe(200);
      expect((await ownApi.get('/api/cart/total', bystander)).statusCode).toBe(200);
    });

    it('a reset committing while a login with the old password starts its session ends it too', async () => {
      const { phone } = await loggedInTwice();
      const [user] = await own.app.db.select().from(users).where(eq(users.phone, phone));
      // The reset lands between the login's password check and its session: as resetPassword
      // does, the hash changes and the user's sessions (not yet this one) are ended.
      const store = own.app.sessionStore;
      const set = store.set;
      let startedId = '';
      store.set = async (id, data, ttl) => {
        store.set = set;
        startedId = id;
        const passwordHash = await hashPassword('Reset123');
        await own.app.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        await store.destroyUser(user.id);
        return set.call(store, id, data, ttl);
      };
      const res = await ownApi.post('/api/user/login', { username: phone, password: 'Demo@123456' });
      expect([res.statusCode, res.json().message]).toEqual([400, '用户名或密码错误']);
      expect(startedId).not.toBe('');
      expect(await store.get(startedId)).toBeUndefined();
      expect(res.cookies.find((c) => c.name === 'yc_sid')?.value).toBe('');
      expect(
        (await ownApi.post('/api/user/login', { username: phone, password: 'Reset123' })).statusCode,
      ).toBe(200);
    });
  },
);

describe('operator sign-in', () => {
  it('logs in, answers me, logs out; buyer sessions do not count', async () => {
    expect((await api.get('/api/admin/me', await api.login('13800000002'))).statusCode).toBe(401);
    const wrong = await api.post('/api/admin/login', { username: 'admin', password: 'Demo@123456' });
    expect(wrong.json().message).toBe('用户名或密码错误');
    const res = await api.post('/api/admin/login', { username: 'admin', password: 'Admin@123456' });
    expect(res.statusCode).toBe(200);
    const cookie = cookiesOf(res);
    expect(cookie).toContain('yc_admin_sid=');
    expect((await api.get('/api/admin/me', cookie)).json().data).toMatchObject({
      username: 'admin',
      roles: [{ code: 'super_admin', name: '超级管理员' }],
    });
    await api.call('DELETE', '/api/admin/logout', { cookie });
    expect((await api.get('/api/admin/me', cookie)).statusCode).toBe(401);
    expect(await ctx.app.db.select().from(sessions)).toBeDefined();
  });
});
