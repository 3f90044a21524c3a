import { addDays, beijingToday } from '@yaocai/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createCoupon,
  createGoods,
  key,
  makeWarehouse,
  operatorCookie,
  setShipping,
} from '../../../test/factories';
import { createTestApp, type TestContext, testDbKind } from '../../../test/helpers';
import { orders, pointsLog, rewards, userCoupons, users } from '../../db/schema';
import { expirePoints } from './service';

let ctx: TestContext;
let op: string;
let shipper: string;
let warehouseId: number;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  await setShipping(ctx.app.db, 0, 0);
  op = (await operatorCookie(ctx.app, 'operations')).cookie;
  shipper = (await operatorCookie(ctx.app)).cookie;
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie, 'idempotency-key': key() } });
const today = () => beijingToday(new Date());
const pointsOf = async (userId: number) =>
  (await ctx.app.db.select({ p: users.points }).from(users).where(eq(users.id, userId)))[0].p;
const ledgerSum = async (userId: number) =>
  (
    await ctx.app.db
      .select({ n: sql<number>`coalesce(sum(${pointsLog.change}), 0)::int` })
      .from(pointsLog)
      .where(eq(pointsLog.userId, userId))
  )[0].n;

async function store(points = 0) {
  const b = await createBuyer(ctx.app.db, { points, balanceFen: 10_000_000 });
  return { ...b, cookie: await buyerCookie(ctx.app, b.user.id) };
}

describe('points ledger', () => {
  it('a received order earns points by the rule; a refund takes back its share; the balance is the ledger’s sum', async () => {
    const s = await store();
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 12_345 });
    const line = await addCartLine(ctx.app.db, s.user.id, g.id, warehouseId, 2);
    const id = (await send('POST', '/api/order/create', s.cookie, { ids: [line.id] })).json().data
      .id as number;
    await send('POST', '/api/pay/balance', s.cookie, { order_id: id });
    await send('POST', `/api/admin/orders/${id}/ship`, shipper, {
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
    });
    expect((await send('POST', `/api/order/${id}/confirm`, s.cookie, {})).statusCode).toBe(200);
    // ¥246.90 paid at 1 point per yuan.
    expect(await pointsOf(s.user.id)).toBe(246);
    const history = (await send('GET', '/api/user/points', s.cookie)).json().data;
    expect(history).toMatchObject({ balance: 246, earn_per_yuan: 1, total: 1 });
    expect(history.list[0]).toMatchObject({
      change: 246,
      balance_after: 246,
      reason: '订单完成赠送积分',
      order_id: id,
    });

    const detail = (await send('GET', `/api/order/detail/${id}`, s.cookie)).json().data;
    const req = await send('POST', `/api/order/${id}/after_sale`, s.cookie, {
      kind: 'return',
      reason: '包装破损',
      lines: [{ line_id: detail.lines[0].id, quantity: 1 }],
    });
    const decided = await send('POST', `/api/admin/after_sales/${req.json().data.id}`, shipper, {
      approve: true,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    // Half the money back: half the points (123 of 246), rounded up.
    expect(await pointsOf(s.user.id)).toBe(123);
    expect(await ledgerSum(s.user.id)).toBe(123);
  });
});

describe('points expiry', () => {
  it('on the expiry day, last year’s unused points expire, oldest used first; once only', async () => {
    const s = await store();
    const at = (iso: string) => new Date(iso);
    let balance = 0;
    for (const [change, when, reason] of [
      [500, '2025-06-01T04:00:00Z', '订单完成赠送积分'],
      [-200, '2026-03-01T04:00:00Z', '订单抵扣'],
      [100, '2026-05-01T04:00:00Z', '订单完成赠送积分'],
    ] as const) {
      balance += change;
      await ctx.app.db
        .insert(pointsLog)
        .values({ userId: s.user.id, change, balanceAfter: balance, reason, createdAt: at(when) });
    }
    await ctx.app.db.update(users).set({ points: balance }).where(eq(users.id, s.user.id));
    // 30 December (Beijing): not yet; 31 December: the 300 left of 2025's 500 go, 2026's 100 stay.
    expect(await expirePoints(ctx.app.db, at('2026-12-30T10:00:00Z'))).toBe(0);
    expect(await expirePoints(ctx.app.db, at('2026-12-31T02:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await pointsOf(s.user.id)).toBe(100);
    expect(await ledgerSum(s.user.id)).toBe(100);
    const [last] = await ctx.app.db
      .select()
      .from(pointsLog)
      .where(eq(pointsLog.userId, s.user.id))
      .orderBy(desc(pointsLog.id))
      .limit(1);
    expect(last).toMatchObject({ change: -300, reason: '积分过期（2025年及以前获得）' });
    await expirePoints(ctx.app.db, at('2027-01-02T02:00:00Z'));
    expect(await pointsOf(s.user.id)).toBe(100);
  });
});

describe('points mall (积分商城)', () => {
  async function reward(body: object) {
    const res = await send('POST', '/api/admin/rewards', op, {
      starts_on: addDays(today(), -1),
      ends_on: addDays(today(), 30),
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number };
  }

  it('redeems a coupon at once and a goods as a free order to ship; limits, stock and points refuse in Chinese', async () => {
    const coupon = (await createCoupon(ctx.app.db, [], { name: '满300减30' })).coupon;
    const g = await createGoods(ctx.app.db, { warehouseId, name: '医用外科口罩', stock: 50 });
    const c = await reward({
      kind: 'coupon',
      name: '满300减30优惠券',
      coupon_id: coupon.id,
      points: 100,
      stock: 5,
      per_store_limit: 1,
    });
    const m = await reward({
      kind: 'goods',
      name: '医用外科口罩一盒',
      goods_id: g.id,
      points: 200,
      stock: 1,
    });
    const s = await store(500);
    const list = (await send('GET', '/api/jfsc/rewards', s.cookie)).json().data;
    expect(list.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['满300减30优惠券', '医用外科口罩一盒']),
    );

    expect((await send('POST', '/api/jfsc/redeem', s.cookie, { reward_id: c.id })).statusCode).toBe(200);
    expect(await ctx.app.db.select().from(userCoupons).where(eq(userCoupons.userId, s.user.id))).toHaveLength(
      1,
    );
    const limit = await send('POST', '/api/jfsc/redeem', s.cookie, { reward_id: c.id });
    expect([limit.statusCode, limit.json().message]).toEqual([422, '每个门店限兑1次']);
    expect(await pointsOf(s.user.id)).toBe(400);

    const goodsOne = await send('POST', '/api/jfsc/redeem', s.cookie, { reward_id: m.id });
    expect(goodsOne.statusCode, goodsOne.body).toBe(200);
    const orderId = goodsOne.json().data.order_id as number;
    const order = (await send('GET', `/api/order/detail/${orderId}`, s.cookie)).json().data;
    expect(order).toMatchObject({ status: 'awaiting_shipment', payment_label: '积分兑换', total: 0 });
    expect(order.lines[0]).toMatchObject({ name: '医用外科口罩', quantity: 1 });
    const soldOut = await send('POST', '/api/jfsc/redeem', (await store(1000)).cookie, { reward_id: m.id });
    expect(soldOut.json().message).toBe('礼品已兑完');
    const poor = await send('POST', '/api/jfsc/redeem', (await store(10)).cookie, { reward_id: c.id });
    expect(poor.json().message).toBe('积分不足，兑换需要100积分');
    expect(await pointsOf(s.user.id)).toBe(200);
    expect(await ledgerSum(s.user.id)).toBe(200 - 500);
    const mine = (await send('GET', '/api/jfsc/redemptions', s.cookie)).json().data;
    expect(mine.total).toBe(2);

    const bad = await send('POST', '/api/admin/rewards', op, {
      kind: 'goods',
      name: '',
      points: 0,
      stock: -1,
      starts_on: today(),
      ends_on: today(),
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().data.errors).sort()).toEqual(['goods_id', 'name', 'points', 'stock']);
    expect((await send('POST', '/api/jfsc/redeem', '', { reward_id: c.id })).statusCode).toBe(401);
  });

  it.skipIf(testDbKind !== 'postgres')(
    '100 concurrent redemptions of a reward with stock 20: exactly 20, points never below 0, ledgers match',
    async () => {
      const g = await createGoods(ctx.app.db, { warehouseId, name: '医用棉签', stock: 500 });
      const r = await reward({
        kind: 'goods',
        name: '医用棉签一包',
        goods_id: g.id,
        points: 10,
        stock: 20,
        per_store_limit: 10,
      });
      // 20 stores with points for 5 redemptions each, each redeeming 5 times at once.
      const stores = await Promise.all(Array.from({ length: 20 }, () => store(50)));
      const results = await Promise.all(
        stores.flatMap((s) =>
          Array.from({ length: 5 }, () => send('POST', '/api/jfsc/redeem', s.cookie, { reward_id: r.id })),
        ),
      );
      const ok = results.filter((x) => x.statusCode === 200);
      expect(ok).toHaveLength(20);
      expect(results.filter((x) => x.statusCode !== 200).map((x) => x.json().message)).toEqual(
        Array(80).fill('礼品已兑完'),
      );
      const [row] = await ctx.app.db.select().from(rewards).where(eq(rewards.id, r.id));
      expect(row.stock).toBe(0);
      let spent = 0;
      for (const s of stores) {
        const points = await pointsOf(s.user.id);
        expect(points).toBeGreaterThanOrEqual(0);
        expect(50 + (await ledgerSum(s.user.id))).toBe(points);
        spent += 50 - points;
      }
      expect(spent).toBe(200);
      const made = await ctx.app.db.select().from(orders).where(eq(orders.paymentMethod, 'points'));
      expect(made.filter((o) => o.remarks === '积分兑换：医用棉签一包')).toHaveLength(20);
    },
  );
});

describe('demo data', () => {
  it('keeps every store’s points equal to its ledger, and runs a lottery the demo store may draw in today', async () => {
    const seeded = await createTestApp();
    try {
      const rows = await seeded.app.db.execute(
        sql`select u.phone, u.points, coalesce((select sum(change) from points_log p where p.user_id = u.id), 0)::int as ledger from users u`,
      );
      for (const r of (rows as unknown as { rows: { phone: string; points: number; ledger: number }[] }).rows)
        expect(r.ledger, r.phone).toBe(r.points);
      const login = await seeded.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: '13800000001', password: 'Demo@123456' },
      });
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const simple = (await seeded.app.inject({ url: '/api/draw/simple', headers: { cookie } })).json().data;
      expect(simple.is_join).toBe(0);
      const mall = (await seeded.app.inject({ url: '/api/jfsc/rewards' })).json().data;
      expect(mall.length).toBeGreaterThanOrEqual(2);
    } finally {
      await seeded.close();
    }
  });
});
