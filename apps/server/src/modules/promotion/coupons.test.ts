import { addDays, beijingToday } from '@yaocai/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  key,
  makeWarehouse,
  operatorCookie,
} from '../../../test/factories';
import { createTestApp, type TestContext, testDbKind } from '../../../test/helpers';
import { auditLog, categories, coupons, goodsCategories, messages, userCoupons } from '../../db/schema';

let ctx: TestContext;
let op: string;
let warehouseId: number;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  op = (await operatorCookie(ctx.app, 'operations')).cookie;
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie } });
const today = () => beijingToday(new Date());

const template = (o: object = {}) => ({
  name: '满200减20',
  kind: 'amount_off',
  threshold: 200,
  amount: 20,
  scope: { all: true },
  validity: 'days',
  valid_days: 7,
  total_quota: 100,
  per_store_limit: 1,
  in_centre: true,
  ...o,
});
/** Creates and publishes a coupon through the console. */
async function coupon(o: object = {}, publish = true) {
  const res = await send('POST', '/api/admin/coupons', op, template(o));
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  if (publish)
    expect(
      (await send('POST', `/api/admin/coupons/${id}/status`, op, { action: 'publish' })).statusCode,
    ).toBe(200);
  return id;
}
async function store(o: Parameters<typeof createBuyer>[1] = {}) {
  const b = await createBuyer(ctx.app.db, o);
  return { ...b, cookie: await buyerCookie(ctx.app, b.user.id) };
}
const centreItem = async (cookie: string, id: number) =>
  (await send('GET', '/api/coupon/centre', cookie)).json().data.list.find((c: { id: number }) => c.id === id);
const receive = (cookie: string, id: number) =>
  send('POST', '/api/coupon/receive', cookie, { coupon_id: id });

describe('console coupons', () => {
  it('refuses bad input with Chinese field messages', async () => {
    const bad = async (o: object) => {
      const res = await send('POST', '/api/admin/coupons', op, template(o));
      expect(res.statusCode).toBe(422);
      return Object.fromEntries(
        Object.entries(res.json().data.errors as Record<string, string[]>).map(([k, v]) => [k, v[0]]),
      );
    };
    expect((await bad({ threshold: 10, amount: 20 })).threshold).toBe('满减券的使用门槛不能低于面额');
    expect((await bad({ kind: 'discount', rate_percent: 100 })).rate_percent).toBe(
      '折扣须在1–99之间（9折填90）',
    );
    expect((await bad({ scope: { all: false } })).scope).toBe('请选择适用范围');
    expect(
      (await bad({ validity: 'fixed', valid_days: null, valid_from: '2026-12-10', valid_to: '2026-12-01' }))
        .valid_to,
    ).toBe('失效日期不能早于生效日期');
    expect((await bad({ name: '' })).name).toBe('请填写券名称');
  });

  it('creates a draft, publishes, pauses, resumes and ends it, each audited; buyers cannot', async () => {
    const id = await coupon({}, false);
    expect(await centreItem('', id)).toBeUndefined();
    for (const [action, status] of [
      ['publish', 'active'],
      ['pause', 'paused'],
      ['resume', 'active'],
      ['end', 'ended'],
    ]) {
      const res = await send('POST', `/api/admin/coupons/${id}/status`, op, { action });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe(status);
    }
    const again = await send('POST', `/api/admin/coupons/${id}/status`, op, { action: 'pause' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('已结束的优惠券不能暂停');
    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'coupon'), eq(auditLog.targetId, String(id))))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual([
      'coupon.create',
      'coupon.status',
      'coupon.status',
      'coupon.status',
      'coupon.status',
    ]);
    const s = await store();
    expect((await send('GET', '/api/admin/coupons', s.cookie)).statusCode).toBe(401);
    expect((await send('GET', `/api/admin/coupons/999999/claims`, op)).statusCode).toBe(404);
  });
});

describe('ending a coupon', () => {
  it('voids what stores hold unused; pausing does not; a used one stays used', async () => {
    const id = await coupon({ per_store_limit: 1 });
    const [a, b] = [await store(), await store()];
    for (const s of [a, b]) expect((await receive(s.cookie, id)).statusCode).toBe(200);
    const held = (cookie: string) =>
      send('GET', '/api/user/coupon?type=1&status=1', cookie).then((r) => r.json().data.list);
    // b's coupon counts as used (an order took it); a's is unused.
    await ctx.app.db
      .update(userCoupons)
      .set({ status: 'used' })
      .where(and(eq(userCoupons.couponId, id), eq(userCoupons.userId, b.user.id)));

    await send('POST', `/api/admin/coupons/${id}/status`, op, { action: 'pause' });
    expect(await held(a.cookie)).toHaveLength(1);
    const end = await send('POST', `/api/admin/coupons/${id}/status`, op, { action: 'end' });
    expect(end.statusCode, end.body).toBe(200);
    expect(await held(a.cookie)).toHaveLength(0);
    const expired = (await send('GET', '/api/user/coupon?type=1&status=3', a.cookie)).json().data.list;
    expect(expired.map((c: { coupon_id: number }) => c.coupon_id)).toContain(id);
    const rows = await ctx.app.db.select().from(userCoupons).where(eq(userCoupons.couponId, id));
    expect(Object.fromEntries(rows.map((r) => [r.userId, r.status]))).toEqual({
      [a.user.id]: 'expired',
      [b.user.id]: 'used',
    });
    const [trail] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'coupon'), eq(auditLog.targetId, String(id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(trail.after).toMatchObject({ status: 'ended', voided: 1 });
  });
});

describe('coupon centre (/lqzx)', () => {
  it('shows visitors 登录后领取; a store claims once, sees 已领取 and the remaining quota', async () => {
    const id = await coupon({ total_quota: 3 });
    expect(await centreItem('', id)).toMatchObject({
      state: 'login',
      state_label: '登录后领取',
      remaining: 3,
    });
    const s = await store();
    expect(await centreItem(s.cookie, id)).toMatchObject({ state: 'claimable', my_claimed: 0 });
    const res = await receive(s.cookie, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await centreItem(s.cookie, id)).toMatchObject({
      state: 'claimed',
      state_label: '已领取',
      remaining: 2,
    });
    const twice = await receive(s.cookie, id);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('每店限领1张，您已领取');
    // Held for 7 days from the claim, listed at /yhq.
    const mine = (await send('GET', '/api/user/coupon?type=1&status=1', s.cookie)).json().data.list;
    expect(mine[0]).toMatchObject({ coupon_id: id, status: 'unused' });
    expect(mine[0].expires_at - mine[0].starts_at).toBe(7 * 86400);
    expect((await receive('', id)).statusCode).toBe(401);
  });

  it('refuses 已抢光, 未开始, paused and an unapproved company, each with its reason', async () => {
    const one = await coupon({ total_quota: 1 });
    const [a, b] = [await store(), await store()];
    expect((await receive(a.cookie, one)).statusCode).toBe(200);
    expect(await centreItem(b.cookie, one)).toMatchObject({
      state: 'sold_out',
      state_label: '已抢光',
      remaining: 0,
    });
    expect((await receive(b.cookie, one)).json().message).toBe('该券已抢光');

    const later = await coupon({ claim_from: addDays(today(), 2) });
    expect(await centreItem(b.cookie, later)).toMatchObject({ state: 'not_started', state_label: '未开始' });
    expect((await receive(b.cookie, later)).json().message).toBe('该券尚未开始领取');

    const paused = await coupon();
    await send('POST', `/api/admin/coupons/${paused}/status`, op, { action: 'pause' });
    expect(await centreItem(b.cookie, paused)).toBeUndefined();
    expect((await receive(b.cookie, paused)).json().message).toBe('该券已暂停发放');

    const pending = await store({ status: 'pending' });
    const refused = await receive(pending.cookie, await coupon());
    expect(refused.statusCode).toBe(403);
    expect((await receive(b.cookie, 999999)).statusCode).toBe(404);
  });
});

describe('using a coupon at step 2', () => {
  it('lists usable coupons with the reason for the rest, splits the coupon line by line, gives it back once', async () => {
    const [cat] = await ctx.app.db
      .insert(categories)
      .values({ code: `c${key()}`, menu: 'normal', name: '感冒用药' })
      .returning();
    const cold = await createGoods(ctx.app.db, { warehouseId, priceFen: 15000 });
    const other = await createGoods(ctx.app.db, { warehouseId, priceFen: 5001 });
    await ctx.app.db.insert(goodsCategories).values({ goodsId: cold.id, categoryId: cat.id });
    const s = await store();
    const lines = [
      await addCartLine(ctx.app.db, s.user.id, cold.id, warehouseId, 1),
      await addCartLine(ctx.app.db, s.user.id, other.id, warehouseId, 1),
    ];
    const ids = lines.map((l) => l.id);
    const all = await coupon({ name: '满100减7', threshold: 100, amount: 7 });
    const scoped = await coupon({
      name: '感冒药满100减10',
      threshold: 100,
      amount: 10,
      scope: { category_ids: [cat.id] },
    });
    const big = await coupon({ name: '满500减50', threshold: 500, amount: 50 });
    const brandOnly = await coupon({
      name: '品牌券',
      kind: 'cash',
      threshold: 0,
      amount: 5,
      scope: { brand_ids: [999] },
    });
    for (const id of [all, scoped, big, brandOnly])
      expect((await receive(s.cookie, id)).statusCode).toBe(200);
    // One expired held coupon.
    const expired = await coupon({
      name: '过期券',
      validity: 'fixed',
      valid_days: null,
      valid_from: '2020-01-01',
      valid_to: '2020-01-31',
    });
    expect((await receive(s.cookie, expired)).statusCode).toBe(200);

    const list = (await send('GET', `/api/user/availableCoupon?ids=${ids.join(',')}`, s.cookie)).json().data
      .list;
    const by = (name: string) => list.find((c: { name: string }) => c.name === name);
    expect(by('感冒药满100减10')).toMatchObject({ applicable: true, discount: 10 });
    expect(by('满100减7')).toMatchObject({ applicable: true, discount: 7 });
    expect(by('满500减50')).toMatchObject({ applicable: false, reason: '未达到门槛 还差¥299.99' });
    expect(by('品牌券')).toMatchObject({ applicable: false, reason: '不在适用范围' });
    expect(by('过期券')).toMatchObject({ applicable: false, reason: '已过期' });
    expect(list[0].applicable).toBe(true);

    const held = by('满100减7').id;
    const preview = await send('POST', '/api/order/preview', s.cookie, { ids, coupon_id: held });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().data;
    expect(p.amounts.coupon).toBe(7);
    // 150.00 and 50.01 share 7.00: 5.25 + 1.75 (largest remainder), adding up exactly.
    expect(p.coupon_split.map((l: { share: number }) => l.share)).toEqual([5.25, 1.75]);
    expect(p.stacking.map((r: { label: string }) => r.label)).toContain('优惠券');
    const outOfScope = await send('POST', '/api/order/preview', s.cookie, {
      ids,
      coupon_id: by('品牌券').id,
    });
    expect(outOfScope.json().message).toBe('优惠券不在适用范围');

    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/create',
      payload: { ids, coupon_id: held, address_id: s.addressId },
      headers: { cookie: s.cookie, 'idempotency-key': key() },
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = order.json().data.id;
    const stats = (await send('GET', '/api/admin/coupons', op))
      .json()
      .data.find((c: { id: number }) => c.id === all);
    expect(stats).toMatchObject({ claimed: 1, used: 1 });
    const claims = (await send('GET', `/api/admin/coupons/${all}/claims`, op)).json().data;
    expect(claims.list[0]).toMatchObject({ status_label: '已使用', source: '领券中心' });
    expect(claims.list[0].order_no).toBeTruthy();

    expect((await send('POST', `/api/order/${orderId}/cancel`, s.cookie, {})).statusCode).toBe(200);
    expect((await send('POST', `/api/order/${orderId}/cancel`, s.cookie, {})).statusCode).toBe(400);
    const [uc] = await ctx.app.db.select().from(userCoupons).where(eq(userCoupons.id, held));
    expect(uc).toMatchObject({ status: 'unused', orderId: null });
  });
});

describe('new-buyer pack', () => {
  it('gives each store of an approved company the pack once, with a message', async () => {
    const id = await coupon({
      name: '新人满100减15',
      threshold: 100,
      amount: 15,
      new_buyer: true,
      in_centre: false,
    });
    const s = await store({ status: 'pending' });
    const reviewer = (await operatorCookie(ctx.app)).cookie;
    const decide = () =>
      send('POST', `/api/admin/qualifications/${s.company.id}/decision`, reviewer, {
        approve: true,
        business_scope: ['cfy', 'fcfy'],
      });
    expect((await decide()).statusCode).toBe(200);
    expect((await decide()).statusCode).toBe(200);
    const held = await ctx.app.db
      .select()
      .from(userCoupons)
      .where(and(eq(userCoupons.userId, s.user.id), eq(userCoupons.couponId, id)));
    expect(held).toHaveLength(1);
    expect(held[0].source).toBe('new_buyer');
    const told = await ctx.app.db.select().from(messages).where(eq(messages.userId, s.user.id));
    expect(told.filter((m) => m.title === '新人礼券已到账')).toHaveLength(1);
    const [c] = await ctx.app.db.select().from(coupons).where(eq(coupons.id, id));
    expect(c.claimed).toBe(1);
  });
});

describe.runIf(testDbKind === 'postgres')('coupon claims under concurrency (PostgreSQL)', () => {
  it('200 concurrent claims for a quota of 30: exactly 30', async () => {
    const id = await coupon({ total_quota: 30, per_store_limit: 1 });
    const stores = [];
    for (let i = 0; i < 200; i++) stores.push(await store());
    const results = await Promise.all(stores.map((s) => receive(s.cookie, id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(30);
    expect(results.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    const held = await ctx.app.db.select().from(userCoupons).where(eq(userCoupons.couponId, id));
    expect(held).toHaveLength(30);
    const [c] = await ctx.app.db.select().from(coupons).where(eq(coupons.id, id));
    expect(c.claimed).toBe(30);
  }, 120_000);

  it('a store claiming 20 times at once never passes its limit of 2', async () => {
    const id = await coupon({ total_quota: 1000, per_store_limit: 2 });
    const s = await store();
    const results = await Promise.all(Array.from({ length: 20 }, () => receive(s.cookie, id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    const held = await ctx.app.db.select().from(userCoupons).where(eq(userCoupons.couponId, id));
    expect(held).toHaveLength(2);
  }, 60_000);

  it('an order cancelled by ten requests at once gives its coupon back exactly once', async () => {
    const goods = await createGoods(ctx.app.db, { warehouseId, priceFen: 30_000 });
    const s = await store();
    const line = await addCartLine(ctx.app.db, s.user.id, goods.id, warehouseId, 1);
    const id = await coupon({ name: '满200减20并发', total_quota: 10 });
    expect((await receive(s.cookie, id)).statusCode).toBe(200);
    const [held] = await ctx.app.db.select().from(userCoupons).where(eq(userCoupons.couponId, id));
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/create',
      payload: { ids: [line.id], coupon_id: held.id, address_id: s.addressId },
      headers: { cookie: s.cookie, 'idempotency-key': key() },
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = order.json().data.id;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => send('POST', `/api/order/${orderId}/cancel`, s.cookie, {})),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    const after = await ctx.app.db.select().from(userCoupons).where(eq(userCoupons.couponId, id));
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 'unused', orderId: null });
    const [c] = await ctx.app.db.select().from(coupons).where(eq(coupons.id, id));
    expect(c.claimed).toBe(1);
  }, 60_000);
});
