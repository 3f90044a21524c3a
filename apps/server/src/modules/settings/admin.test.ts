import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  makeWarehouse,
  operatorCookie,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, users } from '../../db/schema';

let ctx: TestContext;
let operations: string;
beforeAll(async () => {
  ctx = await createTestApp();
  operations = (await operatorCookie(ctx.app, 'operations')).cookie;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie = operations) =>
  ctx.app.inject({ method, url, payload, headers: { cookie } });

describe('console site settings', () => {
  it('reads every section with the new site defaults', async () => {
    const res = await call('GET', '/api/admin/settings');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.shipping).toEqual({ threshold: 800, fee: 15 });
    expect(data.points).toEqual({
      points_per_yuan: 100,
      earn_per_yuan: 1,
      rank_rates: [{ rank: '金牌会员', earn_per_yuan: 2 }],
      expire_on: '12-31',
      max_share_percent: 50,
    });
    expect(data.common_config.hot_line).toBe('400-820-1234');
    expect(data.footer.licences.length).toBeGreaterThan(0);
  });

  it('a new hot line and footer are live in the shop at once, and audited before/after', async () => {
    const now = (await call('GET', '/api/admin/settings')).json().data;
    const saved = await call('POST', '/api/admin/settings/common_config', {
      ...now.common_config,
      hot_line: '400-000-8888',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const base = (await ctx.app.inject('/api/user/base')).json().data;
    expect(base.common_config.hot_line).toBe('400-000-8888');

    await call('POST', '/api/admin/settings/footer', { ...now.footer, icp: '浙ICP备2026000001号-1' });
    expect((await ctx.app.inject('/api/global/site')).json().data.footer.icp).toBe('浙ICP备2026000001号-1');

    const [row] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.update'))
      .orderBy(auditLog.id)
      .limit(1);
    expect(row).toMatchObject({ targetType: 'settings', targetId: 'common_config' });
    expect(row.before).toMatchObject({ hot_line: '400-820-1234' });
    expect(row.after).toMatchObject({ hot_line: '400-000-8888' });
  });

  it('free shipping, the fee and the points rule follow at checkout at once', async () => {
    const warehouseId = (await makeWarehouse(ctx.app.db)).id;
    const buyer = await createBuyer(ctx.app.db);
    await ctx.app.db.update(users).set({ points: 10_000 }).where(eq(users.id, buyer.user.id));
    const cookie = await buyerCookie(ctx.app, buyer.user.id);
    const g = await createGoods(ctx.app.db, { priceFen: 10_000, stock: 100, warehouseId });
    const line = await addCartLine(ctx.app.db, buyer.user.id, g.id, warehouseId, 3);
    const preview = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/order/preview',
          payload: { ids: [line.id] },
          headers: { cookie },
        })
      ).json().data;
    const before = await preview();
    // ¥300 of goods: points pay at most half = ¥150 = 15,000 points; the buyer holds 10,000.
    expect(before).toMatchObject({ free_shipping_threshold: 800, points_per_yuan: 100, max_points: 10_000 });
    expect(before.amounts.shipping).toBe(15);

    expect(
      (await call('POST', '/api/admin/settings/shipping', { threshold: 200, fee: 8.5 })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/api/admin/settings/points', { points_per_yuan: 50, max_share_percent: 10 }))
        .statusCode,
    ).toBe(200);
    const after = await preview();
    expect(after.free_shipping_threshold).toBe(200);
    expect(after.amounts.shipping).toBe(0);
    // ¥300 of goods: points pay at most 10% = ¥30 = 1,500 points at 50 a yuan.
    expect(after).toMatchObject({ points_per_yuan: 50, max_points: 1_500 });

    expect(
      (await call('POST', '/api/admin/settings/shipping', { threshold: 1000, fee: 8.5 })).statusCode,
    ).toBe(200);
    expect((await preview()).amounts.shipping).toBe(8.5);
  });

  it('refuses bad input with Chinese field messages, nothing written', async () => {
    const bad = [
      ['shipping', { threshold: -1, fee: 10 }, 'threshold', '包邮门槛不能为负数'],
      ['shipping', { threshold: 100, fee: 1.234 }, 'fee', '运费最多两位小数'],
      ['order', { expire_minutes: 1, ephedrine_limit: 10 }, 'expire_minutes', '未支付订单取消时间不能小于5'],
      ['points', { points_per_yuan: 0, max_share_percent: 50 }, 'points_per_yuan', '积分抵扣比例不能小于1'],
      [
        'quality_inspection',
        { quality_inspection_url: 'javascript:alert(1)', msg: '' },
        'quality_inspection_url',
        '质检报告链接须为站内路径（以 / 开头）或 http(s) 网址',
      ],
      [
        'quality_inspection',
        { quality_inspection_url: '', msg: '' },
        'msg',
        '质检报告链接与提示至少填写一项',
      ],
    ] as const;
    const before = (await call('GET', '/api/admin/settings')).json().data;
    for (const [section, body, field, message] of bad) {
      const res = await call('POST', `/api/admin/settings/${section}`, body);
      expect(res.statusCode, `${section} ${JSON.stringify(body)}`).toBe(422);
      expect(res.json().data.errors[field]).toEqual([message]);
    }
    expect((await call('GET', '/api/admin/settings')).json().data).toEqual(before);
    expect((await call('POST', '/api/admin/settings/nothing', {})).statusCode).toBe(404);
  });

  it('403 without content:write, 401 without an operator', async () => {
    const quality = (await operatorCookie(ctx.app, 'quality')).cookie;
    expect((await call('GET', '/api/admin/settings', undefined, quality)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/settings/site', { title: 'x' }, quality)).statusCode).toBe(403);
    expect((await ctx.app.inject('/api/admin/settings')).statusCode).toBe(401);
  });
});
