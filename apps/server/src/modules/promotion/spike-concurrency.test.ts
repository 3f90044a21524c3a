import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  makeWarehouse,
  operatorCookie,
  stockOf,
} from '../../../test/factories';
import { createTestApp, type TestContext, testDbKind } from '../../../test/helpers';
import { hour, makeSale, placeOrder } from '../../../test/spike-sales';
import { orderLines, spikeGoods, spikePurchases } from '../../db/schema';

/** Flash-sale races on a real multi-connection PostgreSQL (PGlite has a single connection: skipped). */
describe.skipIf(testDbKind !== 'postgres')('flash sale concurrency on PostgreSQL', () => {
  let ctx: TestContext;
  let warehouseId: number;
  let operator: string;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: false });
    warehouseId = (await makeWarehouse(ctx.app.db)).id;
    operator = (await operatorCookie(ctx.app)).cookie;
  });
  afterAll(() => ctx.close());

  async function buyers(n: number) {
    const list = [];
    for (let i = 0; i < n; i++) {
      const b = await createBuyer(ctx.app.db);
      list.push({ ...b, cookie: await buyerCookie(ctx.app, b.user.id) });
    }
    return list;
  }

  it('500 concurrent orders for 50 spike units: exactly 50 sold, per-store limits held, normal stock untouched', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, stock: 1000, priceFen: 5000 });
    await makeSale(ctx.app, operator, {
      start: hour(-1),
      end: hour(1),
      goods: [{ goodsId: g.id, price: 30, stock: 50, limit: 1 }],
    });
    // 250 stores, each racing two orders of one unit against a limit of one per store.
    const list = await buyers(250);
    const orders = (
      await Promise.all(
        list.map(async (b) => [
          { b, line: await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1, 0) },
          { b, line: await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1, 1) },
        ]),
      )
    ).flat();
    expect(orders).toHaveLength(500);
    const results = await Promise.all(orders.map((o) => placeOrder(ctx.app, o.b.cookie, [o.line.id])));
    expect(results.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    const refused = results.filter((r) => r.statusCode === 409).map((r) => r.json().message);
    expect(new Set(refused).size).toBeLessThanOrEqual(2);
    for (const m of refused) expect(['秒杀商品已抢光', '超出每店限购数量']).toContain(m);
    const created = results.filter((r) => r.statusCode === 201).map((r) => r.json().data.id as number);

    const [row] = await ctx.app.db.select().from(spikeGoods).where(eq(spikeGoods.goodsId, g.id));
    expect(row.sold).toBe(50);
    const purchases = await ctx.app.db.select().from(spikePurchases).where(eq(spikePurchases.goodsId, g.id));
    expect(purchases.reduce((s, p) => s + p.units, 0)).toBe(50);
    const perStore = new Map<number, number>();
    for (const p of purchases) perStore.set(p.userId, (perStore.get(p.userId) ?? 0) + p.units);
    expect(Math.max(...perStore.values())).toBe(1);

    // Every order is priced by one version: spike units at 30.00, any other unit at 50.00.
    const lines = await ctx.app.db.select().from(orderLines).where(inArray(orderLines.orderId, created));
    const spikeOrders = new Set(purchases.map((p) => p.orderId));
    for (const l of lines)
      expect(l.amountFen - l.reductionFen).toBe(spikeOrders.has(l.orderId) ? 3000 : 5000);
    // The warehouse gave exactly the units of the orders made, spike or not: nothing oversold.
    expect((await stockOf(ctx.app.db, g.id)).quantity).toBe(1000 - created.length);
  }, 180_000);

  it('price edits racing orders: every order pays the version it took, never a mix', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, stock: 1000, priceFen: 5000 });
    const sale = await makeSale(ctx.app, operator, {
      start: hour(-1),
      end: hour(1),
      goods: [{ goodsId: g.id, price: 30, stock: 500, limit: 5 }],
    });
    const list = await buyers(60);
    const lines = await Promise.all(
      list.map((b) => addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 2)),
    );
    let current = sale.items[0];
    const edits = (async () => {
      for (const price of [31, 32, 33, 34, 35]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/spike/slots/${sale.slotId}/goods/${current}`,
          payload: { spike_price: price, stock: 500, limit: 5 },
          headers: { cookie: operator },
        });
        expect(res.statusCode, res.body).toBe(200);
        current = res.json().data.id;
      }
    })();
    // A buyer told the sale changed submits again (the cart re-prices), as the shop makes it.
    const buy = async (cookie: string, lineId: number) => {
      for (let attempt = 0; ; attempt++) {
        const r = await placeOrder(ctx.app, cookie, [lineId]);
        if (r.statusCode !== 409 || attempt === 20) return r;
        expect(r.json().message).toBe('秒杀活动已调整，请刷新购物车后重新结算');
      }
    };
    const [results] = await Promise.all([Promise.all(list.map((b, i) => buy(b.cookie, lines[i].id))), edits]);
    expect(results.map((r) => r.statusCode)).toEqual(list.map(() => 201));
    const created = results.map((r) => r.json().data.id as number);
    const purchases = await ctx.app.db
      .select()
      .from(spikePurchases)
      .where(inArray(spikePurchases.orderId, created));
    const versions = new Map(
      (await ctx.app.db.select().from(spikeGoods).where(eq(spikeGoods.goodsId, g.id))).map((v) => [v.id, v]),
    );
    const made = await ctx.app.db.select().from(orderLines).where(inArray(orderLines.orderId, created));
    for (const l of made) {
      const p = purchases.find((x) => x.orderId === l.orderId);
      if (!p) throw new Error(`order ${l.orderId} has no spike purchase`);
      // Both units at the price of the one version the order took.
      expect(p.units).toBe(2);
      expect(versions.get(p.spikeGoodsId)?.priceFen).toBe(p.priceFen);
      expect(l.amountFen - l.reductionFen).toBe(2 * p.priceFen);
    }
    const live = [...versions.values()].find((v) => v.retiredAt === null);
    expect(live?.sold).toBe(purchases.reduce((s, p) => s + p.units, 0));
  }, 180_000);
});
