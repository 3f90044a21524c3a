import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyerCookie,
  createBuyer,
  createGoods,
  makeWarehouse,
  operatorCookie,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, files, goods, itemRequests, messages } from '../../db/schema';

let ctx: TestContext;
let warehouseId: number;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie } });

async function picture(userId: number, mime = 'image/png') {
  const [row] = await ctx.app.db
    .insert(files)
    .values({
      storageKey: `uploads/test/r${userId}.png`,
      mime,
      size: 10,
      originalName: 'p.png',
      ownerUserId: userId,
    })
    .returning();
  return row.id;
}

const request = {
  name: '复方丹参滴丸',
  spec: '27mg*180丸',
  manufacturer: '天士力医药集团股份有限公司',
  approval_no: '国药准字Z10950111',
  quantity: 20,
  expected_price: 28.5,
  remark: '门店老顾客长期服用',
};

describe('item requests (品种求购)', () => {
  it('a store asks; customer service answers with a goods on sale; the store reads it and gets a message', async () => {
    const buyer = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, buyer.user.id);
    const photo = await picture(buyer.user.id);
    const sent = await send('POST', '/api/user/buy', cookie, { ...request, photo_ids: [photo] });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().data.id as number;
    expect(sent.json().data).toMatchObject({
      status: 'pending',
      status_name: '待回复',
      expected_price: 28.5,
      photos: [`/api/files/${photo}`],
      goods: null,
    });
    const [row] = await ctx.app.db.select().from(itemRequests).where(eq(itemRequests.id, id));
    expect(row.expectedPriceFen).toBe(2850);

    const service = (await operatorCookie(ctx.app, 'service')).cookie;
    const inbox = (await send('GET', '/api/admin/item-requests?status=pending&keyword=丹参', service)).json()
      .data;
    expect(inbox.list.find((r: { id: number }) => r.id === id)).toMatchObject({
      phone: buyer.user.phone,
      store_name: buyer.user.storeName,
    });

    const g = await createGoods(ctx.app.db, { warehouseId, name: '复方丹参滴丸' });
    await ctx.app.db.update(goods).set({ isOnSale: false }).where(eq(goods.id, g.id));
    const offSale = await send('POST', `/api/admin/item-requests/${id}/reply`, service, {
      status: 'listed',
      goods_id: g.id,
      reply: '已为您上架',
    });
    expect(offSale.statusCode).toBe(422);
    expect(offSale.json().data.errors.goods_id).toEqual(['该商品未上架，请先上架再回复']);
    const noGoods = await send('POST', `/api/admin/item-requests/${id}/reply`, service, {
      status: 'listed',
      reply: '已为您上架',
    });
    expect(noGoods.json().data.errors.goods_id).toEqual(['请选择已上架的商品']);
    await ctx.app.db.update(goods).set({ isOnSale: true }).where(eq(goods.id, g.id));
    // The answer's picker finds it by name (客服 holds no goods:read).
    const found = await send(
      'GET',
      `/api/admin/item-requests/goods?q=${encodeURIComponent('复方丹参')}`,
      service,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((o: { id: number }) => o.id)).toContain(g.id);
    expect((await send('GET', '/api/admin/item-requests/goods?q=', service)).statusCode).toBe(422);
    const answered = await send('POST', `/api/admin/item-requests/${id}/reply`, service, {
      status: 'listed',
      goods_id: g.id,
      reply: '已为您上架，欢迎采购',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const again = await send('POST', `/api/admin/item-requests/${id}/reply`, service, {
      status: 'unavailable',
      reply: '再次回复',
    });
    expect([again.statusCode, again.json().message]).toEqual([409, '该求购已回复']);

    const one = (await send('GET', `/api/user/buy/${id}`, cookie)).json().data;
    expect(one).toMatchObject({
      status: 'listed',
      status_name: '已上架',
      reply: '已为您上架，欢迎采购',
      goods: { id: g.id, name: '复方丹参滴丸', link: `/list/info/${g.id}` },
    });
    const mine = (await send('GET', '/api/user/buy?status=listed', cookie)).json().data;
    expect(mine.list.map((r: { id: number }) => r.id)).toEqual([id]);
    const [message] = await ctx.app.db.select().from(messages).where(eq(messages.userId, buyer.user.id));
    expect(message).toMatchObject({
      category: 'service',
      title: '您求购的商品已上架',
      link: `/pzqg/info?id=${id}`,
    });
    const [audit] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'item_request.reply'));
    expect(audit).toMatchObject({ targetId: String(id), after: { status: 'listed', goods_id: g.id } });
  });

  it('refuses bad input in Chinese, oversized text, another store’s picture or a non-image, writing nothing', async () => {
    const buyer = await createBuyer(ctx.app.db);
    const other = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, buyer.user.id);
    const bad = await send('POST', '/api/user/buy', cookie, {
      name: '',
      spec: '规'.repeat(51),
      quantity: 0,
      expected_price: -1,
      photo_ids: [1, 2, 3, 4],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors).toMatchObject({
      name: ['请填写商品名称'],
      spec: ['规格最多50个字'],
      quantity: ['求购数量至少为1'],
      expected_price: ['预期单价不能为负数'],
      photo_ids: ['最多上传3张图片'],
    });
    const long = await send('POST', '/api/user/buy', cookie, { ...request, remark: '长'.repeat(201) });
    expect(long.json().data.errors.remark).toEqual(['备注最多200个字']);
    const theirs = await picture(other.user.id);
    expect(
      (await send('POST', '/api/user/buy', cookie, { ...request, photo_ids: [theirs] })).statusCode,
    ).toBe(404);
    const pdf = await picture(buyer.user.id, 'application/pdf');
    expect((await send('POST', '/api/user/buy', cookie, { ...request, photo_ids: [pdf] })).statusCode).toBe(
      422,
    );
    expect((await send('GET', '/api/user/buy', cookie)).json().data.total).toBe(0);
  });

  it('401 for a visitor, 404 for another store’s request, 403 without item_requests:write', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/user/buy', payload: {} })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject('/api/user/buy')).statusCode).toBe(401);
    const owner = await createBuyer(ctx.app.db);
    const other = await createBuyer(ctx.app.db);
    const id = (
      await send('POST', '/api/user/buy', await buyerCookie(ctx.app, owner.user.id), request)
    ).json().data.id;
    const otherCookie = await buyerCookie(ctx.app, other.user.id);
    expect((await send('GET', `/api/user/buy/${id}`, otherCookie)).statusCode).toBe(404);
    expect((await send('GET', '/api/user/buy/abc', otherCookie)).statusCode).toBe(422);
    const warehouse = (await operatorCookie(ctx.app, 'warehouse')).cookie;
    expect((await send('GET', '/api/admin/item-requests', warehouse)).statusCode).toBe(403);
    const service = (await operatorCookie(ctx.app, 'service')).cookie;
    expect(
      (
        await send('POST', '/api/admin/item-requests/999999/reply', service, {
          status: 'unavailable',
          reply: '暂无货源',
        })
      ).statusCode,
    ).toBe(404);
  });
});
