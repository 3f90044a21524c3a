import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { buyerCookie, createBuyer, createGoods, makeWarehouse, operatorCookie } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helpers';
import { seedCoupons } from './coupons';
import { seedOrders } from './order';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

describe('order demo data', () => {
  it('gives buyer 13800000001 a wallet, coupons, addresses and orders in every tab', async () => {
    const db = ctx.app.db;
    const b = await createBuyer(db, { address: false });
    await db.update(users).set({ phone: '13800000001' }).where(eq(users.id, b.user.id));
    const { walletAccounts } = await import('../../src/db/schema');
    await db.delete(walletAccounts).where(eq(walletAccounts.userId, b.user.id));
    const w = await makeWarehouse(db);
    for (let i = 0; i < 8; i++) await createGoods(db, { warehouseId: w.id, priceFen: 1500 + i * 100 });
    await createGoods(db, { warehouseId: w.id, ephedrine: true, name: '复方盐酸伪麻黄碱缓释胶囊' });
    await db.transaction(async (tx) => {
      await seedOrders(tx, new Date());
      await seedCoupons(tx, new Date());
    });
    const cookie = await buyerCookie(ctx.app, b.user.id);
    const get = async (url: string, c = cookie) =>
      (await ctx.app.inject({ url, headers: { cookie: c } })).json().data;
    expect((await get('/api/user/user_money')).user_money).toBe(50000);
    expect((await get('/api/user/user_credit')).credit_limit).toBe(100000);
    // Two from the order seed plus the centre's claims and the new-buyer pack (demo/seed/coupons.ts).
    expect(await get('/api/user/couponNum')).toEqual({ coupon: 5, cash: 2 });
    const centre = (await get('/api/coupon/centre')).list as { state: string; remaining: number | null }[];
    expect(centre.map((c) => c.state)).toEqual(
      expect.arrayContaining(['claimed', 'claimable', 'not_started']),
    );
    expect(centre.some((c) => c.remaining === 2)).toBe(true);
    expect(await get('/api/address')).toHaveLength(2);
    expect((await get('/api/order/list')).total).toBe(7);
    for (const tab of [
      'pending_payment',
      'awaiting_shipment',
      'shipped',
      'completed',
      'cancelled',
      'after_sale',
    ])
      expect((await get(`/api/order/list?tab=${tab}`)).total, tab).toBeGreaterThan(0);
    const log = await get('/api/user/user_money_log');
    expect(log.list[0].balance).toBe(50000);
    const op = (await operatorCookie(ctx.app)).cookie;
    expect(await get('/api/admin/after_sales?status=pending', op)).toHaveLength(1);
    const receipts = await get('/api/admin/receipts', op);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ receipt_file_id: expect.any(Number), receipt_mime: 'image/png' });
  });
  it('skips without the demo buyer', async () => {
    const fresh = await createTestApp({ seed: false });
    await fresh.app.db.transaction((tx) => seedOrders(tx, new Date()));
    await fresh.close();
  });
});
