import type { AdminPromotionView, PromotionKindView } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerWithCartLines, createGoods, key, makeWarehouse, operatorCookie } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, orderPromotions, orders } from '../../db/schema';

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
const hour = 3_600;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const body = (over: object = {}) => ({
  kind: 'second_half',
  name: '感冒药第二件半价',
  starts_at: nowSeconds() - hour,
  ends_at: nowSeconds() + 24 * hour,
  coverage: { all: true },
  action: { ratePercent: 50 },
  ...over,
});

/** A new buyer orders `quantity` units of a new ¥10.00 goods; the order row and what it took. */
async function order(quantity: number) {
  const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 1_000 });
  const buyer = await buyerWithCartLines(ctx.app, warehouseId, [{ goodsId: g.id, quantity }]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/order/create',
    payload: { ids: buyer.ids },
    headers: { cookie: buyer.cookie, 'idempotency-key': key() },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
  const took = await ctx.app.db.select().from(orderPromotions).where(eq(orderPromotions.orderId, id));
  return { row, took };
}

describe('promotions in the one shape (第二件半价)', () => {
  it('lists the kinds stored as data with the fields their editor renders', async () => {
    const res = await send('GET', '/api/admin/promotion-kinds', op);
    expect(res.statusCode).toBe(200);
    const kinds = res.json().data as PromotionKindView[];
    expect(kinds.find((k) => k.kind === 'second_half')).toMatchObject({
      label: '第二件半价',
      stacking: 'welfare',
      stacking_label: '福利折扣',
      fields: [
        { name: 'ratePercent', in: 'action', type: 'percent', required: true },
        { name: 'maxPairs', in: 'action', type: 'count', required: false },
      ],
    });
    // Kinds with their own tables or built per order are not created here.
    expect(kinds.map((k) => k.kind)).not.toContain('coupon');
    expect(kinds.map((k) => k.kind)).not.toContain('points');
  });

  it('creates one that the next order takes, audited; paused, the next order takes nothing', async () => {
    const res = await send('POST', '/api/admin/promotions', op, body());
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data as AdminPromotionView;
    expect(created).toMatchObject({
      kind: 'second_half',
      kind_label: '第二件半价',
      phase: 'running',
      action: { ratePercent: 50 },
      coverage: { all: true },
    });
    const trail = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'promotion.create'));
    expect(trail.map((t) => t.targetId)).toContain(String(created.id));

    // 3 units of ¥10.00: the second is ¥5.00, the third at full price.
    const taken = await order(3);
    expect(taken.row.goodsFen).toBe(2_500);
    expect(taken.took).toEqual([
      expect.objectContaining({
        kind: 'welfare',
        code: 'second_half',
        promotionId: created.id,
        amountFen: 500,
      }),
    ]);

    const paused = await send('POST', `/api/admin/promotions/${created.id}/state`, op, { action: 'pause' });
    expect(paused.json().data).toMatchObject({ phase: 'paused', status: 'paused' });
    const after = await order(2);
    expect(after.took).toEqual([]);
    expect(after.row.goodsFen).toBe(2_000);
    expect(
      (await send('POST', `/api/admin/promotions/${created.id}/state`, op, { action: 'end' })).statusCode,
    ).toBe(200);
    expect((await send('POST', `/api/admin/promotions/${created.id}`, op, body())).statusCode).toBe(400);
    const list = (await send('GET', '/api/admin/promotions', op)).json().data as AdminPromotionView[];
    expect(list.find((p) => p.id === created.id)).toMatchObject({ phase: 'ended' });
  });

  it('refuses bad forms with Chinese field messages from the rule’s own schema', async () => {
    const cases: [object, string, string][] = [
      [{ kind: 'mystery' }, 'kind', '促销类型不正确'],
      [{ kind: 'coupon' }, 'kind', '促销类型不正确'],
      [{ action: { ratePercent: 120 } }, 'action.ratePercent', '第二件折扣须为0到99的整数'],
      [{ action: {} }, 'action.ratePercent', '第二件折扣须为0到99的整数'],
      [{ action: { ratePercent: 50, maxPairs: 0 } }, 'action.maxPairs', '每行最多优惠件数须为正整数'],
      [{ name: '' }, 'name', '请填写活动名称'],
      [{ ends_at: nowSeconds() - 2 * hour }, 'ends_at', '结束时间须晚于开始时间'],
      [{ coverage: { goods_ids: [999_999] } }, 'coverage.goods_ids', '所选商品不存在'],
    ];
    for (const [over, field, message] of cases) {
      const res = await send('POST', '/api/admin/promotions', op, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      const errors = res.json().data.errors as Record<string, string[]>;
      expect(errors[field]?.join(), `${field}: ${JSON.stringify(errors)}`).toContain(message);
    }
    expect((await send('POST', '/api/admin/promotions/999999', op, body())).statusCode).toBe(404);
  });

  it('takes the console’s form post: arguments arrive as strings, read back by the editor type', async () => {
    const form = new URLSearchParams({
      kind: 'second_half',
      name: '表单第二件半价',
      starts_at: String(nowSeconds() - hour),
      ends_at: String(nowSeconds() + hour),
      'coverage[all]': 'true',
      'action[ratePercent]': '50',
      'action[maxPairs]': '',
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      payload: form.toString(),
      headers: { cookie: op, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ action: { ratePercent: 50, maxPairs: null } });
    form.set('action[ratePercent]', '5a');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      payload: form.toString(),
      headers: { cookie: op, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors['action.ratePercent']).toEqual(['第二件折扣须为0到99的整数']);
    const created = res.json().data as AdminPromotionView;
    await send('POST', `/api/admin/promotions/${created.id}/state`, op, { action: 'end' });
  });

  it('is for operators holding promotions:write only', async () => {
    const service = (await operatorCookie(ctx.app, 'service')).cookie;
    expect((await send('GET', '/api/admin/promotions', service)).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/promotions', service, { kind: '' })).statusCode).toBe(403);
    expect((await send('GET', '/api/admin/promotion-kinds', '')).statusCode).toBe(401);
  });
});
