import { and, eq } from 'drizzle-orm';
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
  setStock,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { favorites, files, goods, messages, orders, qualifications } from '../../db/schema';
import { sweepExpiredOrders } from '../order/service';
import { backInStockNews, priceDropNews } from './favourite-news';
import { sendReminders } from './service';

let ctx: TestContext;
let warehouseId: number;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(() => ctx.close());

const post = (url: string, cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie, ...headers } });
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const messagesOf = (userId: number) =>
  ctx.app.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(messages.id);

async function order(o: { pay?: boolean } = {}) {
  const b = await createBuyer(ctx.app.db, { balanceFen: 1_000_000 });
  const cookie = await buyerCookie(ctx.app, b.user.id);
  const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 5000 });
  const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 2);
  const created = await post('/api/order/create', cookie, { ids: [line.id] }, { 'idempotency-key': key() });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  if (o.pay !== false) await post('/api/pay/balance', cookie, { order_id: id });
  return { ...b, cookie, id, goods: g };
}

describe('my messages', () => {
  it('shipping writes an order message; the page counts unread by category; reading one updates the badge', async () => {
    const b = await order();
    const warehouse = (await operatorCookie(ctx.app, 'warehouse')).cookie;
    const shipped = await post(`/api/admin/orders/${b.id}/ship`, warehouse, {
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);

    const page = (await get('/api/user/messages', b.cookie)).json().data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      category: 'order',
      category_name: '订单消息',
      title: '订单已发货',
      link: `/order/info/${b.id}`,
      read: false,
    });
    expect(page.list[0].body).toContain('SF1234567890');
    expect(page.unread).toEqual({ total: 1, by_category: { order: 1 } });
    const base = (await get('/api/user/base', b.cookie)).json().data;
    expect(base.message_count).toBe(1);

    const read = await post('/api/user/messages/read', b.cookie, { ids: [page.list[0].id] });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({ updated: 1, unread: 0 });
    expect((await get('/api/user/base', b.cookie)).json().data.message_count).toBe(0);
    expect((await get('/api/user/messages?unread=1', b.cookie)).json().data.total).toBe(0);
    // Reading it again changes nothing.
    expect((await post('/api/user/messages/read', b.cookie, { ids: [page.list[0].id] })).json().data).toEqual(
      {
        updated: 0,
        unread: 0,
      },
    );
  });

  it("another store's message is 404 and nothing is marked; mark all of a category, then all", async () => {
    const a = await createBuyer(ctx.app.db);
    const other = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, a.user.id);
    const rows = await ctx.app.db
      .insert(messages)
      .values([
        { userId: a.user.id, category: 'order', title: '订单一', body: '正文' },
        { userId: a.user.id, category: 'promotion', title: '优惠一', body: '正文' },
        { userId: a.user.id, category: 'promotion', title: '优惠二', body: '正文' },
        { userId: other.user.id, category: 'order', title: '别人的', body: '正文' },
      ])
      .returning();
    const theirs = rows[3].id;
    const stolen = await post('/api/user/messages/read', cookie, { ids: [rows[0].id, theirs] });
    expect(stolen.statusCode).toBe(404);
    expect((await messagesOf(a.user.id)).every((m) => m.readAt === null)).toBe(true);
    expect((await messagesOf(other.user.id))[0].readAt).toBeNull();

    const promo = (await get('/api/user/messages?category=promotion', cookie)).json().data;
    expect(promo.list.map((m: { title: string }) => m.title)).toEqual(['优惠二', '优惠一']);
    const some = await post('/api/user/messages/read', cookie, { category: 'promotion' });
    expect(some.json().data).toEqual({ updated: 2, unread: 1 });
    const all = await post('/api/user/messages/read', cookie, {});
    expect(all.json().data).toEqual({ updated: 1, unread: 0 });
    expect((await messagesOf(other.user.id))[0].readAt).toBeNull();
  });

  it('refuses bad input in Chinese and a visitor with 401', async () => {
    expect((await ctx.app.inject('/api/user/messages')).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/user/messages/read', payload: { ids: 'x' } }))
        .statusCode,
    ).toBe(401);
    const a = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, a.user.id);
    const bad = await get('/api/user/messages?category=spam&page=0', cookie);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors.category).toEqual(['消息分类不正确']);
    const badIds = await post('/api/user/messages/read', cookie, { ids: ['abc'] });
    expect(badIds.statusCode).toBe(422);
    expect(Object.values(badIds.json().data.errors).flat()).toContain('消息编号不正确');
    const tooMany = await post('/api/user/messages/read', cookie, {
      ids: Array.from({ length: 101 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(422);
  });

  it('an unpaid order cancelled by the expiry sweep tells its store', async () => {
    const b = await order({ pay: false });
    await ctx.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, b.id));
    await sweepExpiredOrders(ctx.app.db, ctx.app.clock.now());
    const [m] = await messagesOf(b.user.id);
    expect(m).toMatchObject({ category: 'order', title: '订单已自动取消', link: `/order/info/${b.id}` });
  });

  it('after-sales and receipt decisions reach the store', async () => {
    const b = await order();
    const warehouse = (await operatorCookie(ctx.app, 'warehouse')).cookie;
    const shipped = await post(`/api/admin/orders/${b.id}/ship`, warehouse, {
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await post(`/api/order/${b.id}/confirm`, b.cookie, {})).statusCode).toBe(200);
    const detail = (await get(`/api/order/detail/${b.id}`, b.cookie)).json().data;
    const requested = await post(`/api/order/${b.id}/after_sale`, b.cookie, {
      kind: 'return',
      reason: '外包装破损',
      lines: [{ line_id: detail.lines[0].id, quantity: 1 }],
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const service = (await operatorCookie(ctx.app, 'service')).cookie;
    const decided = await post(`/api/admin/after_sales/${requested.json().data.id}`, service, {
      approve: true,
      note: '同意退货',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const list = await messagesOf(b.user.id);
    expect(list.map((m) => [m.category, m.title])).toEqual([
      ['order', '订单已发货'],
      ['after_sale', '售后申请已通过'],
    ]);
    expect(list[1].body).toContain('退款50.00元已退回账户余额');
    expect(list[1].link).toBe(`/order/returnInfo/${requested.json().data.id}`);
  });
});

describe('reminders', () => {
  it('licences entering their 60/30/7-day windows and coupons ending within 3 days: each told once', async () => {
    const b = await createBuyer(ctx.app.db);
    const [file] = await ctx.app.db
      .insert(files)
      .values({
        storageKey: 'q/1.png',
        mime: 'image/png',
        size: 1,
        originalName: 'q.png',
        ownerUserId: b.user.id,
      })
      .returning();
    const [licence] = await ctx.app.db
      .insert(qualifications)
      .values({
        companyId: b.company.id,
        kind: '药品经营许可证',
        number: '浙AA5710001',
        expiresOn: '2027-03-31',
        fileId: file.id,
        status: 'approved',
      })
      .returning();
    await createCoupon(ctx.app.db, [b.user.id], {
      name: '满500减30',
      validTo: '2027-02-02',
    });
    const at = (iso: string) => new Date(iso);
    // The SMS the sweep sends, as a provider receives them.
    const texts: { phone: string; text: string }[] = [];
    const sms = {
      sendNotice: async (purpose: string, phone: string, notice: { text: string }) => {
        expect(purpose).toBe('licence_expiry');
        texts.push({ phone, text: notice.text });
        return 'sent' as const;
      },
    };
    const mine = async () =>
      (await messagesOf(b.user.id))
        .map((m) => m.title)
        .filter((t) => t.includes('资质') || t.includes('优惠券'));

    // 2027-01-01 (Beijing): 89 days left, no window yet.
    await sendReminders(ctx.app.db, at('2027-01-01T02:00:00Z'), sms);
    expect(await mine()).toEqual([]);
    // 59 days left: the 60-day window; twice in a day, or in two processes, still once.
    await sendReminders(ctx.app.db, at('2027-01-31T02:00:00Z'), sms);
    await Promise.all([
      sendReminders(ctx.app.db, at('2027-01-31T03:00:00Z'), sms),
      sendReminders(ctx.app.db, at('2027-01-31T04:00:00Z'), sms),
    ]);
    // The coupon ends 2027-02-02 23:00 Beijing: within three days from 2027-01-31 02:00 UTC.
    expect((await mine()).sort()).toEqual(['优惠券即将过期', '资质证件59天后到期'].sort());
    // 30 then 7 days left: one more each; the coupon is not told again.
    await sendReminders(ctx.app.db, at('2027-03-01T02:00:00Z'), sms);
    await sendReminders(ctx.app.db, at('2027-03-24T02:00:00Z'), sms);
    await sendReminders(ctx.app.db, at('2027-03-25T02:00:00Z'), sms);
    // The expiry day itself, Beijing 2027-03-31 00:30 (UTC still on the 30th): still the 7-day window.
    await sendReminders(ctx.app.db, at('2027-03-30T16:30:00Z'), sms);
    expect(await mine()).toEqual([
      '资质证件59天后到期',
      '优惠券即将过期',
      '资质证件30天后到期',
      '资质证件7天后到期',
    ]);
    // One SMS to the company's contact per window, however many sweeps ran.
    expect(texts.map((t) => t.phone)).toEqual(Array(3).fill(b.company.contactPhone));
    expect(texts.map((t) => t.text.match(/还剩(\d+)天/)?.[1])).toEqual(['59', '30', '7']);
    expect(texts[0].text).toContain('到期后将无法下单');
    const [last] = (await messagesOf(b.user.id)).filter((m) => m.title === '资质证件7天后到期');
    expect(last).toMatchObject({ category: 'account', link: '/zzzj' });
    // The licence by its name, never its code.
    expect(last.body).toMatch(
      /^您的(营业执照|药品经营许可证|医疗机构执业许可证|第二类医疗器械经营备案凭证|GSP证书|采购委托书|采购人员身份证)（/,
    );
    // A refused or pending licence is not the store's to renew yet: no reminder.
    await ctx.app.db
      .update(qualifications)
      .set({ status: 'pending' })
      .where(eq(qualifications.id, licence.id));
    await ctx.app.db.delete(messages).where(eq(messages.userId, b.user.id));
    await sendReminders(ctx.app.db, at('2027-03-25T02:00:00Z'), sms);
    expect(await mine()).toEqual([]);
  });
});

describe('favourites', () => {
  it('a price drop and a return to stock tell the stores that keep the goods, once each', async () => {
    const fan = await createBuyer(ctx.app.db);
    const stranger = await createBuyer(ctx.app.db);
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 5000, stock: 0 });
    await ctx.app.db.insert(favorites).values({ userId: fan.user.id, goodsId: g.id });
    const now = new Date();
    await ctx.app.db.transaction(async (tx) => {
      expect(await priceDropNews(tx, g.id, 5000, 5200, now)).toBe(0);
      expect(await priceDropNews(tx, g.id, 5000, 4500, now)).toBe(1);
      expect(await priceDropNews(tx, g.id, 5000, 4500, now)).toBe(0);
    });
    await ctx.app.db.update(goods).set({ stockTotal: 0 }).where(eq(goods.id, g.id));
    await setStock(ctx.app.db, g.id, warehouseId, 0);
    const quality = (await operatorCookie(ctx.app, 'quality')).cookie;
    const received = await post(`/api/admin/goods/${g.id}/batches`, quality, {
      warehouse_id: warehouseId,
      batch_no: 'B2611',
      produced_on: '2026-01-10',
      expires_on: '2028-01-09',
      quantity: 30,
    });
    expect(received.statusCode, received.body).toBe(200);
    // More stock on stock: no second message.
    await post(`/api/admin/goods/${g.id}/batches`, quality, {
      warehouse_id: warehouseId,
      batch_no: 'B2612',
      produced_on: '2026-01-10',
      expires_on: '2028-02-09',
      quantity: 10,
    });
    const list = await messagesOf(fan.user.id);
    expect(list.map((m) => [m.category, m.title])).toEqual([
      ['promotion', '收藏的商品降价了'],
      ['promotion', '收藏的商品到货了'],
    ]);
    expect(list[0].body).toContain('¥50.00 → ¥45.00');
    expect(await messagesOf(stranger.user.id)).toEqual([]);
    await ctx.app.db.transaction(async (tx) => {
      await tx
        .update(goods)
        .set({ isOnSale: false })
        .where(and(eq(goods.id, g.id)));
      expect(await backInStockNews(tx, g.id, new Date(Date.now() + 2 * 86_400_000))).toBe(0);
    });
  });
});
