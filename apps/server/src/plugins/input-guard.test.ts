import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  key,
  makeWarehouse,
  operatorCookie,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helpers';
import { orders } from '../db/schema';
import { unsafeInput } from './input-guard';

/**
 * Hostile input found by the outside probe (issue 11): a NUL byte in any string, and dates outside
 * what a PostgreSQL date holds, reached the database, which answered with an error (a 500). Each
 * is now a 422 naming the field, in Chinese.
 */

let ctx: TestContext;
let warehouseId: number;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(() => ctx.close());

async function buyerWithCart() {
  const buyer = await createBuyer(ctx.app.db);
  const cookie = await buyerCookie(ctx.app, buyer.user.id);
  const goods = await createGoods(ctx.app.db, { priceFen: 1000, stock: 100, warehouseId });
  const line = await addCartLine(ctx.app.db, buyer.user.id, goods.id, warehouseId, 2);
  return { userId: buyer.user.id, cookie, ids: [line.id] };
}

const createOrder = (cookie: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/order/create',
    headers: { cookie, 'idempotency-key': key() },
    payload,
  });

const ordersOf = async (userId: number) =>
  (await ctx.app.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).length;

/** The 422 body's field messages, after checking each is Chinese. */
function fieldErrors(res: { statusCode: number; json(): unknown }): Record<string, string[]> {
  expect(res.statusCode).toBe(422);
  const errors = (res.json() as { data: { errors: Record<string, string[]> } }).data.errors;
  for (const messages of Object.values(errors))
    for (const m of messages) expect(m).toMatch(/[\u4e00-\u9fa5]/);
  return errors;
}

describe('control characters are refused before the database sees them', () => {
  it('answers a NUL byte in the goods search keywords with 422 naming keywords', async () => {
    const res = await ctx.app.inject('/api/goods/search?keywords=a%00b');
    expect(fieldErrors(res).keywords).toEqual(['不能包含不可见的控制字符']);
  });

  it('answers a NUL byte in the goods list keywords with 422 naming keywords', async () => {
    const res = await ctx.app.inject('/api/goods/list?keywords=%E9%98%BF%00');
    expect(Object.keys(fieldErrors(res))).toEqual(['keywords']);
  });

  it('answers a NUL byte in order remarks with 422 and creates no order', async () => {
    const b = await buyerWithCart();
    const res = await createOrder(b.cookie, { ids: b.ids, remarks: '请尽快\u0000发货' });
    expect(Object.keys(fieldErrors(res))).toEqual(['remarks']);
    expect(await ordersOf(b.userId)).toBe(0);
  });

  it('answers a NUL byte in the invoice title with 422 naming invoice.title', async () => {
    const b = await buyerWithCart();
    const res = await createOrder(b.cookie, { ids: b.ids, invoice: { type: 1, title: '测试\u0000大药房' } });
    expect(Object.keys(fieldErrors(res))).toEqual(['invoice.title']);
    expect(await ordersOf(b.userId)).toBe(0);
  });

  it('answers a NUL byte in a form-encoded address field with 422 naming the field', async () => {
    const b = await buyerWithCart();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/address',
      headers: { cookie: b.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        'consignee=%E5%BC%A0%00%E4%B8%89&phone=13900000000&province=%E6%B5%99%E6%B1%9F%E7%9C%81' +
        '&city=%E6%9D%AD%E5%B7%9E%E5%B8%82&district=%E6%BB%A8%E6%B1%9F%E5%8C%BA&detail=%E6%B1%9F%E5%8D%97%E5%A4%A7%E9%81%93',
    });
    expect(Object.keys(fieldErrors(res))).toEqual(['consignee']);
  });

  it('answers control characters in a header, a field name and a path with 422', async () => {
    const b = await buyerWithCart();
    const header = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: { cookie: b.cookie, 'idempotency-key': `k\u0000${key()}` },
      payload: { ids: b.ids },
    });
    expect(Object.keys(fieldErrors(header))).toEqual(['idempotency-key']);
    expect(await ordersOf(b.userId)).toBe(0);

    const fieldName = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/preview',
      headers: { cookie: b.cookie },
      payload: { ids: b.ids, 'x\u0001y': 1 },
    });
    expect(fieldErrors(fieldName)).toEqual({ 'x?y': ['字段名不能包含控制字符'] });

    const path = await ctx.app.inject('/api/focus/a%1Bb');
    expect(Object.keys(fieldErrors(path))).toEqual(['position']);
  });

  it('refuses a line break in a single-line field but keeps one in a remark', async () => {
    const b = await buyerWithCart();
    const title = await createOrder(b.cookie, { ids: b.ids, invoice: { type: 1, title: '测试\n大药房' } });
    expect(fieldErrors(title)['invoice.title']).toEqual(['发票抬头不能包含换行或控制字符']);

    const remark = await createOrder(b.cookie, { ids: b.ids, remarks: '第一行\n第二行' });
    expect(remark.statusCode).toBe(201);
  });

  it('answers a body nested deeper than any request with 422', async () => {
    const b = await buyerWithCart();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/preview',
      headers: { cookie: b.cookie, 'content-type': 'application/json' },
      payload: `{"ids":[1],"prices":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
    });
    expect(fieldErrors(res)['prices.0.0.0.0.0.0.0.0.0']).toEqual(['提交的数据层级过深']);
  });
});

describe('half a surrogate pair standing alone is refused before the database sees it', () => {
  // Issue 30: {"title":"\ud800"} reached PostgreSQL, which refuses it in jsonb: a 500.
  const unreadable = ['含有无法识别的字符，请删除后重试'];
  const json = (cookie: string | undefined, url: string, body: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: body,
    });

  it('answers a lone surrogate in the site title or the quality-report message with 422 naming it', async () => {
    const { cookie } = await operatorCookie(ctx.app);
    const before = (await ctx.app.inject({ url: '/api/admin/settings', headers: { cookie } })).json().data;

    const site = await json(cookie, '/api/admin/settings/site', '{"title":"\\ud800"}');
    expect(fieldErrors(site)).toEqual({ title: unreadable });
    expect(site.json().message).toBe(unreadable[0]);
    const quality = await json(cookie, '/api/admin/settings/quality_inspection', '{"msg":"质检\\udc00报告"}');
    expect(fieldErrors(quality)).toEqual({ msg: unreadable });

    const after = (await ctx.app.inject({ url: '/api/admin/settings', headers: { cookie } })).json().data;
    expect(after.site).toEqual(before.site);
    expect(after.quality_inspection).toEqual(before.quality_inspection);
  });

  it('names a nested field, an array item and a key the way other 422s name them', async () => {
    const { cookie } = await operatorCookie(ctx.app);
    const footer = await json(
      cookie,
      '/api/admin/settings/footer',
      '{"company":"药采","address":"杭州","icp":"浙ICP备1号","notices":["ok","\\ud83d"],' +
        '"licences":[{"name":"药品经营许可证","number":"浙AA\\udfff"}]}',
    );
    expect(fieldErrors(footer)).toEqual({ 'licences.0.number': unreadable, 'notices.1': unreadable });

    const b = await buyerWithCart();
    const invoice = await json(
      b.cookie,
      '/api/order/create',
      `{"ids":${JSON.stringify(b.ids)},"invoice":{"type":1,"title":"测试\\ud800大药房"}}`,
    );
    expect(fieldErrors(invoice)).toEqual({ 'invoice.title': unreadable });
    expect(await ordersOf(b.userId)).toBe(0);

    const name = await json(b.cookie, '/api/order/preview', `{"ids":${JSON.stringify(b.ids)},"x\\ud800y":1}`);
    expect(fieldErrors(name)).toEqual({ 'x?y': ['字段名含有无法识别的字符'] });
  });

  it('keeps a whole pair (an emoji, a rare Chinese character) as it is', async () => {
    const b = await buyerWithCart();
    const res = await createOrder(b.cookie, { ids: b.ids, remarks: '请尽快发货😀𠮷' });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('tells a visitor and a buyer to log in first, whatever the body holds', async () => {
    const site = '{"title":"\\ud800"}';
    const visitor = await json(undefined, '/api/admin/settings/site', site);
    expect([visitor.statusCode, visitor.json().code]).toEqual([401, 10001]);
    const b = await buyerWithCart();
    const buyer = await json(b.cookie, '/api/admin/settings/quality_inspection', '{"msg":"\\ud800"}');
    expect([buyer.statusCode, buyer.json().code]).toEqual([401, 10001]);
    const order = await json(undefined, '/api/order/create', '{"ids":[1],"remarks":"\\ud800"}');
    expect([order.statusCode, order.json().code]).toEqual([401, 10001]);
  });

  it('never lets a form or a query carry one: their bytes decode to U+FFFD or stay percent-encoded', async () => {
    // Percent-encoded UTF-8 of U+D800 is not valid UTF-8: qs and the query parser keep the text
    // as sent, and raw bytes decode to U+FFFD. Neither is ill-formed, and neither is a 500.
    const b = await buyerWithCart();
    const form = (payload: string | Buffer) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/order/preview',
        headers: { cookie: b.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    for (const payload of [
      `ids[]=${b.ids[0]}&remarks=%ED%A0%80`,
      `ids[]=${b.ids[0]}&remarks=%uD800`,
      Buffer.concat([Buffer.from(`ids[]=${b.ids[0]}&remarks=`), Buffer.from([0xed, 0xa0, 0x80])]),
    ])
      expect((await form(payload)).statusCode).toBeLessThan(500);
    for (const query of ['keywords=%ED%A0%80', 'keywords=%uD800', 'keywords[a]=%ED%A0%80'])
      expect((await ctx.app.inject(`/api/goods/search?${query}`)).statusCode).toBeLessThan(500);
  });

  it('finds one in any string or key of a qs-nested form body', () => {
    expect(
      unsafeInput({ params: [{ goods_id: '1' }, { goods_id: '\ud800' }], ids: ['1', '\udc00'] }),
    ).toEqual({
      'params.1.goods_id': unreadable,
      'ids.1': unreadable,
    });
    expect({ ...unsafeInput({ a: { '\ud800': '1' } }) }).toEqual({ 'a.?': ['字段名含有无法识别的字符'] });
    expect({ ...unsafeInput({ name: '药\ud83d\ude00' }) }).toEqual({});
  });
});

describe('fields named after Object.prototype are fields like any other', () => {
  it('answers a login body with an unknown field named constructor with 422, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: '13800000001', password: 'x', constructor: '../../etc/passwd' },
    });
    expect(fieldErrors(res)).toEqual({ constructor: ['不支持的字段：constructor'] });
  });

  it('answers a NUL byte in a query field named __proto__ or constructor with 422 naming it', async () => {
    const res = await ctx.app.inject('/api/goods/search?__proto__=%00&constructor=%00');
    expect(Object.keys(fieldErrors(res)).sort()).toEqual(['__proto__', 'constructor']);
  });
});

describe('dates are calendar days between 2000 and 2099', () => {
  it('answers a money-log start_time of year 0001 with 422 naming start_time', async () => {
    const b = await buyerWithCart();
    const get = (query: string) =>
      ctx.app.inject({ url: `/api/user/user_money_log?${query}`, headers: { cookie: b.cookie } });
    expect(fieldErrors(await get('start_time=0001-01-01')).start_time).toEqual([
      '开始日期须在2000-01-01至2099-12-31之间',
    ]);
    expect(fieldErrors(await get('end_time=2025-02-30')).end_time).toEqual(['结束日期不是有效的日期']);
    expect((await get('start_time=2025-01-01&end_time=2099-12-31')).statusCode).toBe(200);
  });

  it('answers an order-list start_date of year 0000 or 0999 with 422 naming the field', async () => {
    const b = await buyerWithCart();
    const get = (query: string) =>
      ctx.app.inject({ url: `/api/order/list?${query}`, headers: { cookie: b.cookie } });
    expect(Object.keys(fieldErrors(await get('start_date=0000-01-01')))).toEqual(['start_date']);
    expect(Object.keys(fieldErrors(await get('end_date=0999-12-31')))).toEqual(['end_date']);
    expect(fieldErrors(await get('end_date=2025-1-1')).end_date).toEqual(['结束日期格式应为 YYYY-MM-DD']);
    expect((await get('start_date=2000-01-01&end_date=2000-01-31')).statusCode).toBe(200);
  });

  it('answers a qualification expiring in year 0001 with 422 naming the document field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/register/submit',
      payload: {
        token: 'x'.repeat(32),
        qualifications: [
          { kind: 'business_licence', number: '91330100', expires_on: '0001-01-01', file_id: 1 },
        ],
      },
    });
    expect(fieldErrors(res)['qualifications.0.expires_on']).toEqual(['有效期须在2000-01-01至2099-12-31之间']);
  });
});
