import type { DashboardView } from '@yaocai/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBuyer, makeGoods, makeWarehouse, operatorCookie } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { files, orderLines, orders, qualifications } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const view = async (cookie: string) => {
  const res = await ctx.app.inject({ url: '/api/admin/dashboard', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DashboardView;
};

// 2026-03-10 10:00 in Beijing.
const NOW = new Date('2026-03-10T02:00:00Z');

async function paidOrder(userId: number, companyId: number, goodsId: number, paidAt: Date, fen: number) {
  const [order] = await ctx.app.db
    .insert(orders)
    .values({
      orderNo: `D${paidAt.getTime()}${Math.random().toString(36).slice(2, 8)}`,
      userId,
      companyId,
      status: 'awaiting_shipment',
      goodsFen: fen,
      totalFen: fen,
      paidFen: fen,
      paymentMethod: 'balance',
      paidAt,
      address: { name: '张三', phone: '13900000000', region: '浙江省杭州市', address: '1号' } as never,
      idempotencyKey: Math.random().toString(36),
      expiresAt: paidAt,
      createdAt: paidAt,
    })
    .returning();
  await ctx.app.db.insert(orderLines).values({
    orderId: order.id,
    goodsId,
    warehouseId: 1,
    warehouseName: '杭州仓',
    goodsName: '看板测试片',
    spec: '10片',
    manufacturer: '测试药业',
    unit: '盒',
    quantity: 2,
    unitPriceFen: fen / 2,
    amountFen: fen,
    payableFen: fen,
  });
  return order;
}

describe('GET /api/admin/dashboard', () => {
  it('answers 401 without an operator', async () => {
    expect((await ctx.app.inject('/api/admin/dashboard')).statusCode).toBe(401);
  });

  it('counts paid orders and takings by Beijing day, fills empty days, lists top goods and to-dos', async () => {
    ctx.app.clock.now = () => NOW;
    try {
      const admin = (await operatorCookie(ctx.app)).cookie;
      const before = await view(admin);
      expect(before.today).toBe('2026-03-10');
      expect(before.sales?.daily).toHaveLength(30);
      expect(before.sales?.daily[0].date).toBe('2026-02-09');
      expect(before.sales?.daily.at(-1)?.date).toBe('2026-03-10');

      const { company, user } = await makeBuyer(ctx.app.db);
      const warehouse = await makeWarehouse(ctx.app.db);
      const g = await makeGoods(ctx.app.db, { stock: { [warehouse.id]: 10 } });
      // Beijing today: 00:30 on the 10th is 16:30 UTC on the 9th.
      await paidOrder(user.id, company.id, g.id, new Date('2026-03-09T16:30:00Z'), 1_000_000);
      // Beijing yesterday, one minute before midnight.
      await paidOrder(user.id, company.id, g.id, new Date('2026-03-09T15:59:00Z'), 500_000);
      // 40 days ago: outside the 30 days.
      await paidOrder(user.id, company.id, g.id, new Date('2026-01-29T02:00:00Z'), 700_000);

      const after = await view(admin);
      const sales = after.sales!;
      const was = before.sales!;
      expect(sales.today.orders - was.today.orders).toBe(1);
      expect(sales.today.sales - was.today.sales).toBe(10_000);
      expect(sales.last_30_days.orders - was.last_30_days.orders).toBe(2);
      expect(sales.last_30_days.sales - was.last_30_days.sales).toBe(15_000);
      const day = (v: DashboardView, date: string) => v.sales!.daily.find((d) => d.date === date)!;
      expect(day(after, '2026-03-09').sales - day(before, '2026-03-09').sales).toBe(5_000);
      expect(sales.daily.reduce((n, d) => n + d.orders, 0)).toBe(sales.last_30_days.orders);
      expect(sales.top_goods[0]).toMatchObject({
        goods_id: g.id,
        name: '看板测试片',
        quantity: 4,
        sales: 15_000,
      });
      // A new buyer company today.
      expect(after.new_buyers!.today - before.new_buyers!.today).toBe(1);
      // The three new orders await shipment.
      const shipping = (v: DashboardView) => v.todos.find((t) => t.key === 'shipping')!;
      expect(shipping(after).count - shipping(before).count).toBe(3);
      expect(shipping(after).path).toBe('/orders');
      expect(after.todos.map((t) => t.key)).toEqual([
        'qualifications',
        'shipping',
        'after_sales',
        'receipts',
        'expiring_licences',
        'item_requests',
        'feedback',
      ]);
    } finally {
      ctx.app.clock.now = () => new Date();
    }
  });

  it('counts licences expiring within 30 days, as the buyers filter lists them', async () => {
    ctx.app.clock.now = () => NOW;
    try {
      const admin = (await operatorCookie(ctx.app)).cookie;
      const expiring = (v: DashboardView) => v.todos.find((t) => t.key === 'expiring_licences')!.count;
      const before = await view(admin);
      const { company } = await makeBuyer(ctx.app.db);
      const [file] = await ctx.app.db
        .insert(files)
        .values({ storageKey: 'uploads/test/licence.png', mime: 'image/png', size: 1, originalName: 'l.png' })
        .returning();
      const fileId = file.id;
      const licence = (expiresOn: string) => ({
        companyId: company.id,
        kind: 'business_licence',
        number: `L${expiresOn}`,
        expiresOn,
        fileId,
        status: 'approved',
      });
      // Ends in 30 days (counted) and in 31 days (not); one company counts once.
      await ctx.app.db.insert(qualifications).values([licence('2026-04-09'), licence('2026-04-10')]);
      expect(expiring(await view(admin)) - expiring(before)).toBe(1);
      const listed = await ctx.app.inject({
        url: `/api/admin/companies?expiring=1&q=${encodeURIComponent(company.name)}`,
        headers: { cookie: admin },
      });
      expect(listed.json().data.list.map((c: { id: number }) => c.id)).toEqual([company.id]);
    } finally {
      ctx.app.clock.now = () => new Date();
    }
  });

  it('shows each part only to an operator holding its permission', async () => {
    // 质管: qualification review, receipts and orders to read; no after-sales.
    const quality = await view((await operatorCookie(ctx.app, 'quality')).cookie);
    expect(quality.todos.map((t) => t.key)).not.toContain('after_sales');
    // 运营 (goods, prices, promotions, content): no sales figures, no queues of others.
    const operations = await view((await operatorCookie(ctx.app, 'operations')).cookie);
    expect(operations.sales).toBeNull();
    expect(operations.todos).toEqual([]);
    // An operator without any role sees an empty dashboard, not a 403.
    const none = await view((await operatorCookie(ctx.app, null)).cookie);
    expect(none).toMatchObject({ sales: null, new_buyers: null, todos: [] });
  });
});
