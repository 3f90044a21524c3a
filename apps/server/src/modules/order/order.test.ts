import { beijingDateOf, ORDER_PREVIEW_LINES } from '@yaocai/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createCoupon,
  createGoods,
  key,
  makeWarehouse,
  pointsOf,
  setLicenceExpiry,
  setShipping,
  stockOf,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { cartItems, goods, orderEvents, orders, qualifications, userCoupons } from '../../db/schema';
import { sweepExpiredOrders } from './service';

let ctx: TestContext;
let warehouseId: number;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  // Free shipping from ¥800, else a ¥10 fee: the figures below are computed with these.
  await setShipping(ctx.app.db, 80_000, 1_000);
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(() => ctx.close());

async function buyerWithCart(
  opts: Parameters<typeof createBuyer>[1] = {},
  lines: [number, number][] = [[1000, 10]],
) {
  const db = ctx.app.db;
  const buyer = await createBuyer(db, opts);
  const cookie = await buyerCookie(ctx.app, buyer.user.id);
  const goodsList = [];
  const cart = [];
  for (const [priceFen, quantity] of lines) {
    const g = await createGoods(db, { priceFen, stock: 100, warehouseId });
    goodsList.push(g);
    cart.push(await addCartLine(db, buyer.user.id, g.id, warehouseId, quantity));
  }
  return { ...buyer, cookie, goods: goodsList, cart, ids: cart.map((c) => c.id) };
}

const post = (url: string, cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie, ...headers } });
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

describe('verify order (preview)', () => {
  it('prices lines by warehouse with shipping against the threshold', async () => {
    const b = await buyerWithCart({}, [
      [1000, 10],
      [2550, 2],
    ]);
    const res = await post('/api/order/preview', b.cookie, { ids: b.ids });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.groups).toHaveLength(1);
    expect(data.groups[0].lines).toHaveLength(2);
    expect(data.amounts).toMatchObject({ goods: 151, shipping: 10, total: 161 });
    expect(data.free_shipping_threshold).toBe(800);
  });
  it('answers the paid, unshipped orders counted towards free shipping (no_trans_order_amount)', async () => {
    const b = await buyerWithCart({ balanceFen: 100_000 }, [
      [1000, 10],
      [2550, 2],
    ]);
    let data = (await post('/api/order/preview', b.cookie, { ids: [b.ids[1]] })).json().data;
    expect(data).toMatchObject({ no_trans_order_amount: 0, free_shipping_gap: 749 });

    // The ¥100 line is ordered and paid: it waits to ship and counts towards the next order.
    const id = (
      await post('/api/order/create', b.cookie, { ids: [b.ids[0]] }, { 'idempotency-key': key() })
    ).json().data.id;
    expect((await post('/api/pay/balance', b.cookie, { order_id: id })).statusCode).toBe(200);
    const res = await post('/api/order/preview', b.cookie, { ids: [b.ids[1]] });
    expect(res.statusCode).toBe(200);
    data = res.json().data;
    expect(data.no_trans_order_amount).toBe(100);
    expect(data).toMatchObject({ free_shipping_threshold: 800, free_shipping_gap: 649 });
    expect(data.amounts).toMatchObject({ goods: 51, shipping: 10, total: 61 });
  });
  it('answers what the invoice starts with: the company name and its business licence credit code', async () => {
    const b = await buyerWithCart();
    let data = (await post('/api/order/preview', b.cookie, { ids: b.ids })).json().data;
    // The demo licence numbers (T<company>-<n>) are no taxpayer numbers: the title alone.
    expect(data.invoice_defaults).toEqual({ title: b.company.name, tax_no: '' });

    // A renewed business licence (pending review) carries the credit code, as a store types it.
    const [licence] = await ctx.app.db
      .select()
      .from(qualifications)
      .where(and(eq(qualifications.companyId, b.company.id), eq(qualifications.kind, 'business_licence')));
    await ctx.app.db.insert(qualifications).values({
      companyId: b.company.id,
      kind: 'business_licence',
      number: ' 91330108ma2chunhui ',
      fileId: licence.fileId,
      status: 'pending',
    });
    data = (await post('/api/order/preview', b.cookie, { ids: b.ids })).json().data;
    expect(data.invoice_defaults).toEqual({ title: b.company.name, tax_no: '91330108MA2CHUNHUI' });
    // The prefilled invoice is accepted as it is.
    const res = await post(
      '/api/order/create',
      b.cookie,
      { ids: b.ids, invoice: { type: 2, ...data.invoice_defaults } },
      { 'idempotency-key': key() },
    );
    expect(res.statusCode).toBe(201);
  });
  it('needs a login', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/order/preview', payload: { ids: [1] } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(10001);
  });
  it('refuses unapproved, expired, unsigned, out-of-scope and too much ephedrine', async () => {
    const pending = await buyerWithCart({ status: 'pending' });
    let res = await post('/api/order/preview', pending.cookie, { ids: pending.ids });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('您的资质正在审核中，审核通过后才能采购');

    const expired = await buyerWithCart();
    await setLicenceExpiry(ctx.app.db, expired.company.id, 'drug_licence', '2020-01-01');
    res = await post('/api/order/preview', expired.cookie, { ids: expired.ids });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('您的「药品经营许可证」已于2020-01-01过期，请上传新证件后再下单');

    const unsigned = await buyerWithCart({ contractSigned: false });
    res = await post(
      '/api/order/create',
      unsigned.cookie,
      { ids: unsigned.ids },
      { 'idempotency-key': key() },
    );
    expect(res.statusCode).toBe(459);
    expect(res.json().code).toBe(459);

    const scoped = await buyerWithCart({ scope: ['zcy'] });
    res = await post('/api/order/preview', scoped.cookie, { ids: scoped.ids });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('超出经营范围：需具备');

    const eph = await createBuyer(ctx.app.db);
    const g = await createGoods(ctx.app.db, {
      warehouseId,
      ephedrine: true,
      name: '复方盐酸伪麻黄碱缓释胶囊',
    });
    const line = await addCartLine(ctx.app.db, eph.user.id, g.id, warehouseId, 11);
    res = await post('/api/order/preview', await buyerCookie(ctx.app, eph.user.id), { ids: [line.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('含麻黄碱类复方制剂每单限购10件');
  });
  it("answers 404 for another store's cart line", async () => {
    const a = await buyerWithCart();
    const other = await buyerWithCart();
    const res = await post('/api/order/preview', a.cookie, { ids: other.ids });
    expect(res.statusCode).toBe(404);
  });
});

describe('create order', () => {
  it('creates with server prices (tampered totals ignored), reserves stock, empties the cart lines', async () => {
    const b = await buyerWithCart({}, [[1000, 10]]);
    const res = await post(
      '/api/order/create',
      b.cookie,
      {
        ids: b.ids,
        total: 0.01,
        prices: [0.01],
        remarks: '请尽快发货',
        invoice: { type: 1, title: '测试大药房' },
      },
      { 'idempotency-key': key() },
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({
      goodsFen: 10000,
      shippingFen: 1000,
      totalFen: 11000,
      status: 'pending_payment',
    });
    expect(order.orderNo).toMatch(/^YC\d{8}\d{6,}$/);
    expect(order.invoice).toMatchObject({ type: 1, title: '测试大药房' });
    expect(await stockOf(ctx.app.db, b.goods[0].id)).toEqual({ quantity: 90, total: 90 });
    expect(await ctx.app.db.select().from(cartItems).where(eq(cartItems.userId, b.user.id))).toHaveLength(0);
    const detail = (await get(`/api/order/detail/${id}`, b.cookie)).json().data;
    expect(detail.lines[0]).toMatchObject({ quantity: 10, price: 10, amount: 100 });
    expect(detail.history[0]).toMatchObject({ event: 'create', to: 'pending_payment' });
    expect(detail.address.consignee).toBe('张三');
  });
  it('returns the same order for the same idempotency key', async () => {
    const b = await buyerWithCart();
    const k = key();
    const first = await post('/api/order/create', b.cookie, { ids: b.ids }, { 'idempotency-key': k });
    const again = await post('/api/order/create', b.cookie, { ids: b.ids }, { 'idempotency-key': k });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ id: first.json().data.id, created: false });
  });
  it('refuses without a key, a missing address, and unknown fields', async () => {
    const b = await buyerWithCart({ address: false });
    expect((await post('/api/order/create', b.cookie, { ids: b.ids })).statusCode).toBe(422);
    const res = await post('/api/order/create', b.cookie, { ids: b.ids }, { 'idempotency-key': key() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('请先添加收货地址');
    expect(
      (await post('/api/order/create', b.cookie, { ids: b.ids, admin: 1 }, { 'idempotency-key': key() }))
        .statusCode,
    ).toBe(422);
    const vat = await post(
      '/api/order/create',
      b.cookie,
      { ids: b.ids, invoice: { type: 2, title: 'x' } },
      { 'idempotency-key': key() },
    );
    expect(vat.statusCode).toBe(422);
  });
  it("answers 404 for another store's address or coupon, refuses an expired coupon", async () => {
    const a = await buyerWithCart({}, [[20000, 1]]);
    const other = await createBuyer(ctx.app.db);
    let res = await post(
      '/api/order/create',
      a.cookie,
      { ids: a.ids, address_id: other.addressId },
      { 'idempotency-key': key() },
    );
    expect(res.statusCode).toBe(404);
    const { userCoupons: held } = await createCoupon(ctx.app.db, [other.user.id]);
    res = await post(
      '/api/order/create',
      a.cookie,
      { ids: a.ids, coupon_id: held[0].id },
      { 'idempotency-key': key() },
    );
    expect(res.statusCode).toBe(404);
    const { userCoupons: old } = await createCoupon(ctx.app.db, [a.user.id], {
      validFrom: '2020-01-01',
      validTo: beijingDateOf(new Date(Date.now() - 86400_000)),
    });
    res = await post(
      '/api/order/create',
      a.cookie,
      { ids: a.ids, coupon_id: old[0].id },
      { 'idempotency-key': key() },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('优惠券已过期');
    // nothing changed
    expect(await stockOf(ctx.app.db, a.goods[0].id)).toEqual({ quantity: 100, total: 100 });
  });
  it('uses a coupon and points; cancelling gives back stock, coupon and points', async () => {
    const b = await buyerWithCart({ points: 5000 }, [[20000, 1]]);
    const { userCoupons: held } = await createCoupon(ctx.app.db, [b.user.id], { totalQuota: 5 });
    const avail = (await get(`/api/user/availableCoupon?ids=${b.ids.join(',')}`, b.cookie)).json().data.list;
    expect(avail[0]).toMatchObject({ id: held[0].id, applicable: true, discount: 10 });
    const res = await post(
      '/api/order/create',
      b.cookie,
      { ids: b.ids, coupon_id: held[0].id, points: 3000 },
      { 'idempotency-key': key() },
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    const detail = (await get(`/api/order/detail/${id}`, b.cookie)).json().data;
    expect(detail).toMatchObject({
      goods_amount: 200,
      coupon_amount: 10,
      points_used: 3000,
      points_amount: 30,
      shipping_fee: 10,
      total: 170,
    });
    expect(detail.reductions.map((r: { label: string }) => r.label)).toEqual([
      '优惠券',
      '积分抵扣（3000积分）',
    ]);
    expect(await pointsOf(ctx.app.db, b.user.id)).toBe(2000);
    const cancel = await post(`/api/order/${id}/cancel`, b.cookie, {});
    expect(cancel.statusCode).toBe(200);
    expect(await pointsOf(ctx.app.db, b.user.id)).toBe(5000);
    expect(await stockOf(ctx.app.db, b.goods[0].id)).toEqual({ quantity: 100, total: 100 });
    const [uc] = await ctx.app.db.select().from(userCoupons).where(eq(userCoupons.id, held[0].id));
    expect(uc.status).toBe('unused');
    const again = await post(`/api/order/${id}/cancel`, b.cookie, {});
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('订单已取消');
  });
  it('takes no coupon on a 含麻 line: its amount neither reaches the minimum spend nor is discounted', async () => {
    const b = await buyerWithCart({}, [[8000, 1]]);
    const eph = await createGoods(ctx.app.db, {
      priceFen: 3000,
      stock: 100,
      warehouseId,
      ephedrine: true,
      name: '复方盐酸伪麻黄碱缓释胶囊',
    });
    const ephLine = await addCartLine(ctx.app.db, b.user.id, eph.id, warehouseId, 1);
    const ids = [...b.ids, ephLine.id];
    // 满100减10: ¥80 of other goods + ¥30 含麻 is ¥110 in the cart, but only ¥80 may take it.
    const { userCoupons: held } = await createCoupon(ctx.app.db, [b.user.id]);
    const avail = (await get(`/api/user/availableCoupon?ids=${ids.join(',')}`, b.cookie)).json().data.list;
    expect(avail[0]).toMatchObject({ id: held[0].id, applicable: false, discount: 0 });
    const res = await post(
      '/api/order/create',
      b.cookie,
      { ids, coupon_id: held[0].id },
      { 'idempotency-key': key() },
    );
    expect(res.statusCode).toBe(400);
    // The coupon applies once the other goods reach ¥100 alone, and only to them.
    await ctx.app.db.update(cartItems).set({ quantity: 2 }).where(eq(cartItems.id, b.ids[0]));
    const created = await post(
      '/api/order/create',
      b.cookie,
      { ids, coupon_id: held[0].id },
      { 'idempotency-key': key() },
    );
    expect(created.statusCode, created.body).toBe(201);
    const detail = (await get(`/api/order/detail/${created.json().data.id}`, b.cookie)).json().data;
    expect(detail).toMatchObject({ goods_amount: 190, coupon_amount: 10 });
    const ephOrderLine = detail.lines.find((l: { goods_id: number }) => l.goods_id === eph.id);
    expect(ephOrderLine).toMatchObject({ amount: 30, reduction: 0, payable: 30 });
  });
  it('expires unpaid orders in the sweep and returns their stock', async () => {
    const b = await buyerWithCart();
    const id = (
      await post('/api/order/create', b.cookie, { ids: b.ids }, { 'idempotency-key': key() })
    ).json().data.id;
    await ctx.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, id));
    expect(await sweepExpiredOrders(ctx.app.db, ctx.app.clock.now())).toBeGreaterThanOrEqual(1);
    const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
    expect(order.status).toBe('cancelled');
    expect(await stockOf(ctx.app.db, b.goods[0].id)).toEqual({ quantity: 100, total: 100 });
    const events = await ctx.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(events.map((e) => e.event)).toEqual(['create', 'expire']);
    const pay = await post('/api/pay/balance', b.cookie, { order_id: id });
    expect(pay.json().message).toBe('订单已取消，不能支付');
  });
  it('refuses more than the stock', async () => {
    const b = await createBuyer(ctx.app.db);
    const g = await createGoods(ctx.app.db, { warehouseId, stock: 5 });
    const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 6);
    const res = await post(
      '/api/order/create',
      await buyerCookie(ctx.app, b.user.id),
      { ids: [line.id] },
      { 'idempotency-key': key() },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('库存不足');
  });
});

describe('my orders', () => {
  it('lists by tab, searches by number, goods name and date; buys again', async () => {
    const b = await buyerWithCart();
    const id = (
      await post('/api/order/create', b.cookie, { ids: b.ids }, { 'idempotency-key': key() })
    ).json().data.id;
    const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
    let list = (await get('/api/order/list?tab=pending_payment', b.cookie)).json().data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id, status_label: '待付款', actions: ['pay', 'cancel', 'expire'] });
    expect((await get('/api/order/list?tab=completed', b.cookie)).json().data.total).toBe(0);
    list = (await get(`/api/order/list?keyword=${order.orderNo}`, b.cookie)).json().data;
    expect(list.total).toBe(1);
    list = (await get(`/api/order/list?keyword=${encodeURIComponent('阿莫西林')}`, b.cookie)).json().data;
    expect(list.total).toBe(1);
    list = (await get('/api/order/list?start_date=2000-01-01&end_date=2000-01-02', b.cookie)).json().data;
    expect(list.total).toBe(0);
    const other = await buyerWithCart();
    expect((await get(`/api/order/detail/${id}`, other.cookie)).statusCode).toBe(404);
    expect((await post(`/api/order/${id}/cancel`, other.cookie, {})).statusCode).toBe(404);
    const rebuy = await post(`/api/order/${id}/rebuy`, b.cookie, {});
    expect(rebuy.json().data).toEqual({ added: 1 });
    const [line] = await ctx.app.db.select().from(cartItems).where(eq(cartItems.userId, b.user.id));
    expect(line.quantity).toBe(10);
  });
  it('lists the first lines of each order with its line count; the detail has them all', async () => {
    const b = await buyerWithCart({}, [
      [1000, 1],
      [1100, 1],
      [1200, 1],
      [1300, 1],
      [1400, 1],
    ]);
    const id = (
      await post('/api/order/create', b.cookie, { ids: b.ids }, { 'idempotency-key': key() })
    ).json().data.id;
    const [item] = (await get('/api/order/list', b.cookie)).json().data.list;
    expect(item.line_count).toBe(5);
    // A page past the end still answers the total.
    expect((await get('/api/order/list?page=3', b.cookie)).json().data).toMatchObject({ list: [], total: 1 });
    expect(item.lines).toHaveLength(ORDER_PREVIEW_LINES);
    expect(item.lines.map((l: { goods_id: number }) => l.goods_id)).toEqual(
      b.goods.slice(0, ORDER_PREVIEW_LINES).map((g) => g.id),
    );
    const detail = (await get(`/api/order/detail/${id}`, b.cookie)).json().data;
    expect(detail.lines).toHaveLength(5);
    expect(detail.line_count).toBe(5);
    // YC + the Beijing date + the id, zero-padded to 6 digits.
    const beijing = beijingDateOf(new Date()).replaceAll('-', '');
    expect(detail.order_no).toBe(`YC${beijing}${String(id).padStart(6, '0')}`);
  });
  it('buys again only what can still be bought, through the cart rules', async () => {
    const b = await buyerWithCart();
    const id = (
      await post('/api/order/create', b.cookie, { ids: b.ids }, { 'idempotency-key': key() })
    ).json().data.id;
    await ctx.app.db.update(goods).set({ isBuy: false }).where(eq(goods.id, b.goods[0].id));
    const rebuy = await post(`/api/order/${id}/rebuy`, b.cookie, {});
    expect(rebuy.statusCode).toBe(422);
    expect(await ctx.app.db.select().from(cartItems).where(eq(cartItems.userId, b.user.id))).toEqual([]);
  });
  it('refuses confirming an unpaid order', async () => {
    const b = await buyerWithCart();
    const id = (
      await post('/api/order/create', b.cookie, { ids: b.ids }, { 'idempotency-key': key() })
    ).json().data.id;
    const res = await post(`/api/order/${id}/confirm`, b.cookie, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('当前订单状态不能确认收货');
  });
});

describe('addresses', () => {
  it('adds, validates mobile/landline, edits, defaults and deletes; 404 for others', async () => {
    const b = await createBuyer(ctx.app.db, { address: false });
    const cookie = await buyerCookie(ctx.app, b.user.id);
    const body = {
      consignee: '李四',
      phone: '0571-88886666',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路100号',
    };
    const first = (await post('/api/address', cookie, body)).json().data.id;
    expect(
      (await post('/api/address', cookie, { ...body, phone: '12345' })).json().data.errors.phone[0],
    ).toContain('手机号码');
    const second = (
      await post('/api/address', cookie, { ...body, phone: '13812345678', is_default: '1' })
    ).json().data.id;
    let list = (await get('/api/address', cookie)).json().data;
    expect(list.map((a: { id: number; is_default: boolean }) => [a.id, a.is_default])).toEqual([
      [second, true],
      [first, false],
    ]);
    expect(
      (await post(`/api/address/${first}/edit`, cookie, { ...body, detail: '文三路200号' })).statusCode,
    ).toBe(200);
    await post(`/api/address/${second}/delete`, cookie, {});
    list = (await get('/api/address', cookie)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: first, is_default: true, detail: '文三路200号' });
    const other = await createBuyer(ctx.app.db);
    const otherCookie = await buyerCookie(ctx.app, other.user.id);
    expect((await post(`/api/address/${first}/delete`, otherCookie, {})).statusCode).toBe(404);
    expect((await post(`/api/address/${first}/edit`, otherCookie, body)).statusCode).toBe(404);
  });
});

describe('coupons', () => {
  it('lists my coupons by status and counts them', async () => {
    const b = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, b.user.id);
    await createCoupon(ctx.app.db, [b.user.id]);
    await createCoupon(ctx.app.db, [b.user.id], {
      kind: 'cash',
      name: '现金券',
      thresholdFen: 0,
      amountFen: 2000,
    });
    await createCoupon(ctx.app.db, [b.user.id], {
      validFrom: '2020-01-01',
      validTo: beijingDateOf(new Date(Date.now() - 86400_000)),
    });
    expect((await get('/api/user/couponNum', cookie)).json().data).toEqual({ coupon: 1, cash: 1 });
    expect((await get('/api/user/coupon?status=3', cookie)).json().data.total).toBe(1);
    expect((await get('/api/user/coupon?type=2&status=1', cookie)).json().data.list[0]).toMatchObject({
      name: '现金券',
      amount: 20,
    });
  });
});

describe('database integrity', () => {
  it('never lets stock go negative (check via sql)', async () => {
    const negative = await ctx.app.db.execute(
      sql`select count(*)::int as n from goods_stock where quantity < 0`,
    );
    expect((negative.rows[0] as { n: number }).n).toBe(0);
  });
});
