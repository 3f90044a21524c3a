import type { AdminManjianView } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWarehouse, operatorCookie, unpaidOrder } from '../../../test/factories';
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
  name: '全场满减',
  tiers: [
    { amount: 500, reduction: 20 },
    { amount: 1000, reduction: 50 },
  ],
  starts_at: nowSeconds() - hour,
  ends_at: nowSeconds() + 24 * hour,
  coverage: { all: true },
  ...over,
});
const list = async () => (await send('GET', '/api/admin/manjian', op)).json().data as AdminManjianView[];

describe('console: full-reduction activities', () => {
  it('creates an activity that the next order takes, and counts its use and sales once paid', async () => {
    const res = await send('POST', '/api/admin/manjian', op, body());
    expect(res.statusCode).toBe(200);
    const created = res.json().data as AdminManjianView;
    expect(created).toMatchObject({ phase: 'running', phase_label: '进行中', coverage_text: '全部商品' });
    const trail = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'manjian.create'));
    expect(trail.map((t) => t.targetId)).toContain(String(created.id));

    // ¥1000 of goods reaches 满1000减50.
    const order = await unpaidOrder(ctx.app, warehouseId, { priceFen: 100_000 });
    const [took] = await ctx.app.db
      .select()
      .from(orderPromotions)
      .where(eq(orderPromotions.orderId, order.orderId));
    expect(took).toMatchObject({
      code: 'full_reduction',
      promotionId: created.id,
      amountFen: 5_000,
      goodsFen: 100_000,
    });
    expect((await list()).find((a) => a.id === created.id)).toMatchObject({ orders: 0 });
    await ctx.app.db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, order.orderId));
    expect((await list()).find((a) => a.id === created.id)).toMatchObject({
      orders: 1,
      reduction: 50,
      sales: 1000,
    });

    // Paused: the next order takes nothing; ended: it cannot be resumed.
    const paused = await send('POST', `/api/admin/manjian/${created.id}/state`, op, { action: 'pause' });
    expect(paused.json().data).toMatchObject({ phase: 'paused', is_active: false });
    const next = await unpaidOrder(ctx.app, warehouseId, { priceFen: 100_000 });
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, next.orderId));
    expect(row.fullReductionFen).toBe(0);
    expect(
      (await send('POST', `/api/admin/manjian/${created.id}/state`, op, { action: 'end' })).statusCode,
    ).toBe(200);
    const resumed = await send('POST', `/api/admin/manjian/${created.id}/state`, op, { action: 'resume' });
    expect(resumed.statusCode).toBe(409);
  });

  it('refuses bad forms with Chinese field messages', async () => {
    const cases: [object, string, string][] = [
      [{ name: '' }, 'name', '请填写活动名称'],
      [{ tiers: [] }, 'tiers', '至少设置一个满减档位'],
      [{ tiers: [{ amount: 100, reduction: 100 }] }, 'tiers.0.reduction', '减额须小于满额'],
      [
        {
          tiers: [
            { amount: 500, reduction: 20 },
            { amount: 300, reduction: 30 },
          ],
        },
        'tiers.1.amount',
        '档位的满额和减额须逐档递增',
      ],
      [{ tiers: [{ amount: 100.123, reduction: 1 }] }, 'tiers.0.amount', '满额最多两位小数'],
      [{ ends_at: nowSeconds() - 2 * hour }, 'ends_at', '结束时间须晚于开始时间'],
      [{ starts_at: 'tomorrow' }, 'starts_at', '开始时间不是有效的时间'],
      [{ coverage: {} }, 'coverage.goods_ids', '请选择活动商品范围'],
      [{ coverage: { goods_ids: [999_999] } }, 'coverage.goods_ids', '所选商品不存在或已删除'],
      [{ coverage: { zones: ['nowhere'] } }, 'coverage.zones.0', '专区不正确'],
    ];
    for (const [over, field, message] of cases) {
      const res = await send('POST', '/api/admin/manjian', op, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      const errors = res.json().data.errors as Record<string, string[]>;
      expect(errors[field]?.join(), `${field}: ${JSON.stringify(errors)}`).toContain(message);
    }
    expect((await send('POST', '/api/admin/manjian/999999', op, body())).statusCode).toBe(404);
  });

  it('is for operators holding promotions:write only', async () => {
    const service = (await operatorCookie(ctx.app, 'service')).cookie;
    expect((await send('GET', '/api/admin/manjian', service)).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/manjian', service, { name: '' })).statusCode).toBe(403);
    expect((await send('GET', '/api/admin/manjian', '')).statusCode).toBe(401);
  });
});
