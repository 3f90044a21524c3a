import { and, count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createCoupon,
  createGoods,
  key,
  makeWarehouse,
  stockOf,
} from '../../../test/factories';
import { createTestApp, type TestContext, testDbKind } from '../../../test/helpers';
import { addresses, moneyLog, orders, walletAccounts } from '../../db/schema';
import { notificationOf, sandboxPay, sandboxSecret, signSandbox } from '../payment/provider';

/** Races on a real multi-connection PostgreSQL (PGlite has a single connection: skipped). */
describe.skipIf(testDbKind !== 'postgres')('concurrency on PostgreSQL', () => {
  let ctx: TestContext;
  let warehouseId: number;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: false });
    warehouseId = (await makeWarehouse(ctx.app.db)).id;
  });
  afterAll(() => ctx.close());

  const create = (cookie: string, ids: number[], k = key(), extra: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/order/create',
      payload: { ids, ...extra },
      headers: { cookie, 'idempotency-key': k },
    });

  async function buyers(n: number, opts: Parameters<typeof createBuyer>[1] = {}) {
    const list = [];
    for (let i = 0; i < n; i++) {
      const b = await createBuyer(ctx.app.db, opts);
      list.push({ ...b, cookie: await buyerCookie(ctx.app, b.user.id) });
    }
    return list;
  }

  it('200 concurrent orders for 50 units: exactly 50 sold, stock 0, never negative', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, stock: 50, priceFen: 1000 });
    const list = await buyers(200);
    const lines = await Promise.all(
      list.map((b) => addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1)),
    );
    const results = await Promise.all(list.map((b, i) => create(b.cookie, [lines[i].id])));
    const created = results.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(50);
    expect(
      results.filter((r) => r.statusCode === 400).every((r) => r.json().message.includes('库存不足')),
    ).toBe(true);
    expect(results.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    expect(await stockOf(ctx.app.db, g.id)).toEqual({ quantity: 0, total: 0 });
  }, 60_000);

  it('two lines of one order sharing the goods are reserved together', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, stock: 50, priceFen: 1000 });
    const list = await buyers(60);
    const pairs = await Promise.all(
      list.map(async (b) => [
        (await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1, 0)).id,
        (await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1, 1)).id,
      ]),
    );
    const results = await Promise.all(list.map((b, i) => create(b.cookie, pairs[i])));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(25);
    expect(results.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    expect(await stockOf(ctx.app.db, g.id)).toEqual({ quantity: 0, total: 0 });
  }, 60_000);

  it('one held coupon, 10 concurrent orders of its store: exactly one uses it', async () => {
    const [b] = await buyers(1);
    const lines = [];
    for (let i = 0; i < 10; i++) {
      const g = await createGoods(ctx.app.db, { warehouseId, stock: 10, priceFen: 20000 });
      lines.push(await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1));
    }
    const { userCoupons: held } = await createCoupon(ctx.app.db, [b.user.id]);
    const results = await Promise.all(
      lines.map((line) => create(b.cookie, [line.id], key(), { coupon_id: held[0].id })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    const [{ n }] = await ctx.app.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userCouponId, held[0].id), gt(orders.couponFen, 0)));
    expect(Number(n)).toBe(1);
  }, 60_000);

  it('two orders paid at once from a balance covering one: one succeeds, balance never negative', async () => {
    const [b] = await buyers(1, { balanceFen: 150000 });
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 100000 });
      const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1);
      ids.push((await create(b.cookie, [line.id])).json().data.id);
    }
    const results = await Promise.all(
      ids.map((id) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/pay/balance',
          payload: { order_id: id },
          headers: { cookie: b.cookie },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const [w] = await ctx.app.db.select().from(walletAccounts).where(eq(walletAccounts.userId, b.user.id));
    expect(w.balanceFen).toBe(50000);
    const log = await ctx.app.db.select().from(moneyLog).where(eq(moneyLog.userId, b.user.id));
    expect(log).toHaveLength(1);
    expect(150000 + log.reduce((s, l) => s + l.changeFen, 0)).toBe(w.balanceFen);
    expect(log[0].balanceAfterFen).toBe(w.balanceFen);
  }, 60_000);

  it('the same notification delivered 3 times at once pays the order once', async () => {
    const [b] = await buyers(1);
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 100000 });
    const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1);
    const orderId = (await create(b.cookie, [line.id])).json().data.id;
    const start = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/pay/online',
        payload: { order_id: orderId },
        headers: { cookie: b.cookie },
      })
    ).json().data;
    // The payer paid at the provider; its notification then arrives three times at once.
    const trade = await sandboxPay(ctx.app.db, start.out_trade_no);
    if (!trade) throw new Error('sandbox trade missing');
    const payload = notificationOf(trade);
    const secret = await sandboxSecret(ctx.app.db);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/pay/notify/sandbox',
          payload,
          headers: { 'x-pay-signature': signSandbox(payload, secret) },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const detail = (
      await ctx.app.inject({ url: `/api/order/detail/${orderId}`, headers: { cookie: b.cookie } })
    ).json().data;
    expect(detail.status).toBe('awaiting_shipment');
    expect(detail.history.filter((h: { event: string }) => h.event === 'pay')).toHaveLength(1);
  }, 60_000);

  it('order creation retried with the same key from two tabs: one order', async () => {
    const [b] = await buyers(1);
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 1000, stock: 100 });
    const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 3);
    const k = key();
    const results = await Promise.all([create(b.cookie, [line.id], k), create(b.cookie, [line.id], k)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(results.map((r) => r.json().data.id)).size).toBe(1);
    const mine = await ctx.app.db.select().from(orders).where(eq(orders.userId, b.user.id));
    expect(mine).toHaveLength(1);
    expect((await stockOf(ctx.app.db, g.id)).quantity).toBe(97);
    // two tabs, different keys, same cart lines: still one order
    const line2 = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 2);
    const racing = await Promise.all([create(b.cookie, [line2.id]), create(b.cookie, [line2.id])]);
    expect(racing.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect((await stockOf(ctx.app.db, g.id)).quantity).toBe(95);
  }, 60_000);

  it('defaults, deletes and adds of addresses at once leave exactly one default, at most 20', async () => {
    const [b] = await buyers(1, { address: false });
    const post = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, payload, headers: { cookie: b.cookie } });
    const body = {
      consignee: '王建国',
      phone: '13800000001',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
    };
    const added = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post('/api/address', { ...body, detail: `文三路${i}号`, is_default: i % 2 === 0 }),
      ),
    );
    expect(added.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const ids: number[] = added.map((r) => r.json().data.id);
    const results = await Promise.all([
      ...ids.map((id) => post(`/api/address/${id}/default`, {})),
      ...ids.slice(0, 4).map((id) => post(`/api/address/${id}/delete`, {})),
      ...Array.from({ length: 12 }, (_, i) => post('/api/address', { ...body, detail: `莫干山路${i}号` })),
    ]);
    // Making an address the default can come after its own deletion: 404 then, never a 5xx.
    const codes = results.map((r) => r.statusCode);
    expect(codes.slice(0, 4).every((c) => c === 200 || c === 404)).toBe(true);
    expect(codes.slice(4)).toEqual(Array(20).fill(200));
    const book = () => ctx.app.db.select().from(addresses).where(eq(addresses.userId, b.user.id));
    let left = await book();
    expect(left.length).toBe(16);
    expect(left.filter((a) => a.isDefault)).toHaveLength(1);
    // 8 more at once against the limit of 20: 4 are saved, 4 refused.
    const more = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post('/api/address', { ...body, detail: `学院路${i}号` })),
    );
    expect(more.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 400, 400, 400, 400]);
    left = await book();
    expect(left.length).toBe(20);
    expect(left.filter((a) => a.isDefault)).toHaveLength(1);
  }, 60_000);
});
