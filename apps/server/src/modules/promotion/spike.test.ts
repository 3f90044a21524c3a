import { and, eq } from 'drizzle-orm';
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
import { createTestApp, type TestContext } from '../../../test/helpers';
import { hour, makeSale, placeOrder } from '../../../test/spike-sales';
import { auditLog, orderLines, spikeGoods, spikePurchases, spikeStoreCounts } from '../../db/schema';
import { spikeSource } from './spike';

describe('flash sale (秒杀)', () => {
  let ctx: TestContext;
  let warehouseId: number;
  let operator: string;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: false });
    warehouseId = (await makeWarehouse(ctx.app.db)).id;
    operator = (await operatorCookie(ctx.app)).cookie;
  });
  afterAll(() => ctx.close());

  async function buyer(opts: Parameters<typeof createBuyer>[1] = {}) {
    const b = await createBuyer(ctx.app.db, opts);
    return { ...b, cookie: await buyerCookie(ctx.app, b.user.id) };
  }
  const index = async (cookie?: string) =>
    (await ctx.app.inject({ url: '/api/index/spike', headers: cookie ? { cookie } : {} })).json().data;
  const cartLine = async (cookie: string, goodsId: number) => {
    const state = (await ctx.app.inject({ url: '/api/cart/list', headers: { cookie } })).json().data;
    const lines = state.data as {
      goods: { id: number };
      special: { code: string; label: string; units: number; price: number | null } | null;
    }[];
    return lines.findLast((l) => l.goods.id === goodsId);
  };
  const liveRow = async (goodsId: number) =>
    (await ctx.app.db.select().from(spikeGoods).where(eq(spikeGoods.goodsId, goodsId))).find(
      (r) => r.retiredAt === null,
    );
  const tryReserve = (promotionId: number, userId: number, units: number) =>
    ctx.app.db.transaction(async (tx) => {
      await spikeSource.reserve?.(
        tx,
        [{ orderId: 999_999, userId, goodsId: 0, promotionId, units }],
        new Date(),
      );
    });

  it('lists running and upcoming slots; prices only for those the catalogue shows prices to', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 5000, stock: 100 });
    const running = await makeSale(ctx.app, operator, {
      start: hour(-1),
      end: hour(2),
      goods: [{ goodsId: g.id, price: 29.9, stock: 10, limit: 2 }],
    });
    await makeSale(ctx.app, operator, {
      start: hour(3),
      end: hour(5),
      goods: [{ goodsId: g.id, price: 19.9, stock: 5, limit: 1 }],
    });
    const approved = await buyer();
    const data = await index(approved.cookie);
    expect(Math.abs(data.timestamp - Date.now() / 1000)).toBeLessThan(5);
    const slot = data.slots.find((s: { id: number }) => s.id === running.slotId);
    expect(slot).toMatchObject({ phase: 'running', name: '整点秒杀' });
    expect(slot.end_time - slot.start_time).toBe(3 * 3600);
    expect(slot.goods[0]).toMatchObject({
      spike_price: 29.9,
      stock: 10,
      sold: 0,
      sold_percent: 0,
      remaining: 10,
      limit: 2,
      sold_out: false,
    });
    expect(slot.goods[0].goods).toMatchObject({ id: g.id, base_price: 50 });
    expect(data.slots.some((s: { phase: string }) => s.phase === 'upcoming')).toBe(true);

    for (const cookie of [undefined, (await buyer({ status: 'pending' })).cookie]) {
      const hidden = (await index(cookie)).slots.find((s: { id: number }) => s.id === running.slotId);
      expect(hidden.goods[0].spike_price).toBeNull();
      expect(hidden.goods[0].goods.base_price).toBeNull();
    }
  });

  it('sells up to the per-store limit at the spike price, the rest at the normal price; cancel gives them back', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 5000, stock: 100 });
    await makeSale(ctx.app, operator, {
      start: hour(-1),
      end: hour(2),
      goods: [{ goodsId: g.id, price: 30, stock: 10, limit: 2 }],
    });
    const b = await buyer();
    const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 3);
    expect((await cartLine(b.cookie, g.id))?.special).toMatchObject({
      code: 'spike',
      label: '秒杀',
      units: 2,
      price: 30,
    });
    const res = await placeOrder(ctx.app, b.cookie, [line.id]);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().data.id;
    const [ol] = await ctx.app.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    // 2 x 30.00 + 1 x 50.00
    expect(ol.amountFen - ol.reductionFen).toBe(11000);
    // The order's line says what priced it, for the buyer and the operator.
    const detail = await ctx.app.inject({
      url: `/api/order/detail/${orderId}`,
      headers: { cookie: b.cookie },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.lines[0].promotion_label).toBe(`秒杀 2${ol.unit}`);
    expect((await liveRow(g.id))?.sold).toBe(2);
    expect((await stockOf(ctx.app.db, g.id)).quantity).toBe(97);
    const [purchase] = await ctx.app.db
      .select()
      .from(spikePurchases)
      .where(eq(spikePurchases.orderId, orderId));
    expect(purchase).toMatchObject({ units: 2, priceFen: 3000, userId: b.user.id });

    // The limit is used up: the next cart line is at the normal price, and a take past it is refused.
    await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1);
    expect((await cartLine(b.cookie, g.id))?.special).toBeNull();
    const row = await liveRow(g.id);
    await expect(tryReserve(row?.id ?? 0, b.user.id, 1)).rejects.toMatchObject({
      statusCode: 409,
      message: '超出每店限购数量',
    });

    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/cancel`,
      headers: { cookie: b.cookie },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await liveRow(g.id))?.sold).toBe(0);
    const [count] = await ctx.app.db
      .select()
      .from(spikeStoreCounts)
      .where(and(eq(spikeStoreCounts.goodsId, g.id), eq(spikeStoreCounts.userId, b.user.id)));
    expect(count.units).toBe(0);
    expect((await cartLine(b.cookie, g.id))?.special).toMatchObject({ units: 1 });
  });

  it('shows sold out and prices no more units once the spike stock is gone', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 5000, stock: 100 });
    const sale = await makeSale(ctx.app, operator, {
      start: hour(-1),
      end: hour(2),
      goods: [{ goodsId: g.id, price: 30, stock: 1, limit: 5 }],
    });
    const first = await buyer();
    const line = await addCartLine(ctx.app.db, first.user.id, g.id, warehouseId, 1);
    expect((await placeOrder(ctx.app, first.cookie, [line.id])).statusCode).toBe(201);
    const second = await buyer();
    await addCartLine(ctx.app.db, second.user.id, g.id, warehouseId, 1);
    expect((await cartLine(second.cookie, g.id))?.special).toBeNull();
    await expect(tryReserve(sale.items[0], second.user.id, 1)).rejects.toMatchObject({
      statusCode: 409,
      message: '秒杀商品已抢光',
    });
    // The list is cached for 2 s; a console edit drops the cache, so read it after one.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/spike/${sale.saleId}`,
      payload: { name: '整点秒杀' },
      headers: { cookie: operator },
    });
    const slot = (await index(second.cookie)).slots.find((s: { id: number }) => s.id === sale.slotId);
    expect(slot.goods[0]).toMatchObject({ sold: 1, remaining: 0, sold_percent: 100, sold_out: true });
  });

  it('refuses slots not started, ended or paused, each with its reason', async () => {
    const b = await buyer();
    const cases: [string, Date, Date, boolean][] = [
      ['秒杀活动尚未开始', hour(1), hour(2), false],
      ['秒杀活动已结束', hour(-3), hour(-1), false],
      ['秒杀活动已暂停', hour(-1), hour(1), true],
    ];
    for (const [reason, start, end, pause] of cases) {
      const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 5000, stock: 100 });
      const sale = await makeSale(ctx.app, operator, {
        start,
        end,
        goods: [{ goodsId: g.id, price: 30, stock: 5, limit: 5 }],
      });
      if (pause)
        await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/spike/${sale.saleId}/status`,
          payload: { action: 'pause' },
          headers: { cookie: operator },
        });
      await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1);
      expect((await cartLine(b.cookie, g.id))?.special).toBeNull();
      await expect(tryReserve(sale.items[0], b.user.id, 1)).rejects.toMatchObject({
        statusCode: 409,
        message: reason,
      });
    }
  });

  it('an order priced before a price edit is refused, and one priced after pays the new price', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 5000, stock: 100 });
    const sale = await makeSale(ctx.app, operator, {
      start: hour(-1),
      end: hour(2),
      goods: [{ goodsId: g.id, price: 30, stock: 10, limit: 5 }],
    });
    const b = await buyer();
    const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1);
    expect((await cartLine(b.cookie, g.id))?.special?.price).toBe(30);
    const edit = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/spike/slots/${sale.slotId}/goods/${sale.items[0]}`,
      payload: { spike_price: 35, stock: 10, limit: 5 },
      headers: { cookie: operator },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // The version the cart was priced with is retired: taking it is refused.
    await expect(tryReserve(sale.items[0], b.user.id, 1)).rejects.toMatchObject({
      statusCode: 409,
      message: '秒杀活动已调整，请刷新购物车后重新结算',
    });
    const res = await placeOrder(ctx.app, b.cookie, [line.id]);
    expect(res.statusCode, res.body).toBe(201);
    const [ol] = await ctx.app.db.select().from(orderLines).where(eq(orderLines.orderId, res.json().data.id));
    expect(ol.amountFen - ol.reductionFen).toBe(3500);
    const [p] = await ctx.app.db
      .select()
      .from(spikePurchases)
      .where(eq(spikePurchases.orderId, res.json().data.id));
    expect(p.priceFen).toBe(3500);
  });

  describe('console', () => {
    const post = (url: string, payload: object, cookie = operator) =>
      ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } });

    it('needs promotions:write', async () => {
      const none = (await operatorCookie(ctx.app, null)).cookie;
      expect((await ctx.app.inject({ url: '/api/admin/spike', headers: { cookie: none } })).statusCode).toBe(
        403,
      );
      expect((await post('/api/admin/spike', { name: '秒杀' }, none)).statusCode).toBe(403);
      expect((await ctx.app.inject({ url: '/api/admin/spike' })).statusCode).toBe(401);
    });

    it('refuses bad input with Chinese field messages', async () => {
      const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 5000, stock: 100 });
      const sale = (await post('/api/admin/spike', { name: '午间秒杀' })).json().data;
      const start = Math.floor(hour(1).getTime() / 1000);
      const endBefore = await post(`/api/admin/spike/${sale.id}/slots`, {
        start_time: start,
        end_time: start - 60,
      });
      expect(endBefore.statusCode).toBe(422);
      expect(endBefore.json().data.errors.end_time).toEqual(['结束时间须晚于开始时间']);
      const slot = (
        await post(`/api/admin/spike/${sale.id}/slots`, { start_time: start, end_time: start + 3600 })
      ).json().data;
      const overlap = await post(`/api/admin/spike/${sale.id}/slots`, {
        start_time: start + 1800,
        end_time: start + 7200,
      });
      expect(overlap.statusCode).toBe(422);
      expect(overlap.json().data.errors.start_time).toEqual(['场次时间与本活动的其他场次重叠']);

      const goodsUrl = `/api/admin/spike/slots/${slot.id}/goods`;
      const above = await post(goodsUrl, { goods_id: g.id, spike_price: 50, stock: 5, limit: 1 });
      expect(above.statusCode).toBe(422);
      expect(above.json().data.errors.spike_price).toEqual(['秒杀价须低于商品原价50.00元']);
      const zero = await post(goodsUrl, { goods_id: g.id, spike_price: 30, stock: 0, limit: 0 });
      expect(zero.statusCode).toBe(422);
      expect(zero.json().data.errors).toMatchObject({
        stock: ['秒杀库存不能小于1'],
        limit: ['每店限购不能小于1'],
      });
      const tooMany = await post(goodsUrl, { goods_id: g.id, spike_price: 30, stock: 101, limit: 1 });
      expect(tooMany.json().data.errors.stock).toEqual(['秒杀库存不能超过商品现有库存100件']);
      expect((await post(`/api/admin/spike/${sale.id}/status`, { action: 'schedule' })).statusCode).toBe(409);
      expect((await post('/api/admin/spike/999999/status', { action: 'end' })).statusCode).toBe(404);
    });

    it('creates, schedules, pauses and ends, audits every write and reports sales per slot', async () => {
      const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 5000, stock: 100 });
      const sale = await makeSale(ctx.app, operator, {
        start: hour(-1),
        end: hour(1),
        goods: [{ goodsId: g.id, price: 30, stock: 10, limit: 5 }],
      });
      const b = await buyer();
      const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 3);
      expect((await placeOrder(ctx.app, b.cookie, [line.id])).statusCode).toBe(201);
      const list = (await ctx.app.inject({ url: '/api/admin/spike', headers: { cookie: operator } })).json()
        .data;
      const mine = list.find((s: { id: number }) => s.id === sale.saleId);
      expect(mine.status).toBe('scheduled');
      expect(mine.slots[0].sales).toEqual({ units: 3, orders: 1, amount: 90 });
      expect(mine.slots[0].goods[0]).toMatchObject({
        goods_id: g.id,
        base_price: 50,
        spike_price: 30,
        sold: 3,
      });

      expect((await post(`/api/admin/spike/${sale.saleId}/status`, { action: 'pause' })).statusCode).toBe(
        200,
      );
      expect((await post(`/api/admin/spike/${sale.saleId}/status`, { action: 'pause' })).statusCode).toBe(
        409,
      );
      expect((await post(`/api/admin/spike/${sale.saleId}/status`, { action: 'end' })).statusCode).toBe(200);
      const edit = await post(`/api/admin/spike/slots/${sale.slotId}/goods/${sale.items[0]}`, {
        spike_price: 20,
        stock: 10,
        limit: 5,
      });
      expect(edit.statusCode).toBe(409);
      const actions = (await ctx.app.db.select().from(auditLog).orderBy(auditLog.id)).filter(
        (a) =>
          (a.targetType === 'spike_sale' && a.targetId === String(sale.saleId)) ||
          (a.targetType === 'spike_slot' && a.targetId === String(sale.slotId)),
      );
      expect(actions.map((a) => a.action)).toEqual([
        'spike.create',
        'spike.slot_save',
        'spike.status',
        'spike.status',
        'spike.status',
      ]);
      expect(actions.at(-1)).toMatchObject({ after: expect.objectContaining({ status: 'ended' }) });
    });
  });
});
