import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerCookie, createBuyer } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { users } from '../../db/schema';

// The member centre on the demo data: every figure is compared with the call of the page it
// links to, so the centre can never show a number its page does not.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const [demo] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.phone, '13800000001'));
  cookie = await buyerCookie(ctx.app, demo.id);
});
afterAll(() => ctx.close());

const get = async (url: string, who = cookie) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: who } });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
};

describe('会员中心: GET /api/user/center', () => {
  it('shows the demo store figures, each equal to the page behind it', async () => {
    const centre = await get('/api/user/center');
    const base = await get('/api/user/base');
    expect(centre).toMatchObject({
      company: base.company,
      store_name: base.store_name,
      rank: base.rank,
      points: base.points,
      qualification: { status: 'approved', status_name: '已认证' },
    });
    expect(centre.wallet.balance).toBe((await get('/api/user/user_money')).user_money);
    const credit = await get('/api/user/user_credit');
    expect(centre.wallet.credit_available).toBe(credit.credit_available);
    expect(centre.coupons).toEqual(await get('/api/user/couponNum'));
    for (const tab of centre.orders.tabs) {
      expect(tab.count, tab.key).toBe((await get(`/api/order/list?tab=${tab.key}`)).total);
    }
    expect(centre.orders.tabs.reduce((s: number, t: { count: number }) => s + t.count, 0)).toBe(
      (await get('/api/order/list')).total,
    );
    expect(centre.orders.tabs.some((t: { count: number }) => t.count > 0)).toBe(true);
    const orders = await get('/api/order/list?page_size=5');
    expect(centre.orders.recent.map((o: { id: number }) => o.id)).toEqual(
      orders.list.map((o: { id: number }) => o.id),
    );
    const favourites = await get('/api/favorite?page=1');
    expect(centre.favourites.total).toBe(favourites.total);
    expect(centre.messages.unread).toBe(base.message_count);
    expect(centre.messages.unread).toBe((await get('/api/user/messages')).unread.total);
    expect(centre.qualification.expires_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(centre.qualification.days_left).toBeGreaterThan(0);
  });

  it('a store without orders or licences sees zeros, its review state, and no one else’s figures', async () => {
    const fresh = await createBuyer(ctx.app.db, { status: 'pending' });
    const freshCookie = await buyerCookie(ctx.app, fresh.user.id);
    const centre = await get('/api/user/center', freshCookie);
    expect(centre.orders.tabs.every((t: { count: number }) => t.count === 0)).toBe(true);
    expect(centre.orders.recent).toEqual([]);
    expect(centre.favourites).toEqual({ total: 0, list: [] });
    expect(centre.messages.unread).toBe(0);
    expect(centre.wallet.balance).toBe(0);
    expect(centre.qualification).toMatchObject({ status: 'pending', status_name: '审核中', warning: null });
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/user/center' });
    expect(visitor.statusCode).toBe(401);
  });

  it('多店管理: lists the company’s stores, switches to one, and never to another company’s', async () => {
    const stores = await get('/api/user/stores');
    const base = await get('/api/user/base');
    expect(stores.map((s: { id: number }) => s.id).sort()).toEqual(
      base.stores.map((s: { id: number }) => s.id).sort(),
    );
    expect(stores.filter((s: { is_current: boolean }) => s.is_current)).toHaveLength(1);
    const current = stores.find((s: { is_current: boolean }) => s.is_current);
    expect(current.orders).toBe((await get('/api/order/list')).total);
    expect(current.address).not.toBe('');
    const other = stores.find((s: { is_current: boolean }) => !s.is_current);
    const switched = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/switch_store',
      payload: { user_id: other.id },
      headers: { cookie },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const next = switched.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await get('/api/user/center', next)).store_name).toBe(other.store_name);
    const foreign = await createBuyer(ctx.app.db);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/switch_store',
      payload: { user_id: foreign.user.id },
      headers: { cookie: next },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('门店不存在');
  });
});
