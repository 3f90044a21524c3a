import { addDays, beijingDateTimeText, beijingToday } from '@yaocai/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyerCookie,
  createBuyer,
  createCoupon,
  createGoods,
  makeWarehouse,
  operatorCookie,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, goods } from '../../db/schema';

let ctx: TestContext;
let op: string;
let warehouseId: number;
const NOW = new Date('2026-12-01T04:00:00Z'); // 2026-12-01 12:00 in Beijing
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  ctx.app.clock.now = () => NOW;
  op = (await operatorCookie(ctx.app, 'operations')).cookie;
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST', url: string, cookie = '', payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const at = (hoursFromNow: number) => beijingDateTimeText(NOW.getTime() / 1000 + hoursFromNow * 3600);
const secondsAt = (hoursFromNow: number) => NOW.getTime() / 1000 + hoursFromNow * 3600;

async function createPage(body: object = {}) {
  const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 1250, name: '复方氨酚烷胺胶囊' });
  const res = await send('POST', '/api/admin/activity-pages', op, {
    title: '冬季感冒专场',
    template: 'zqmb',
    starts_at: at(-24),
    ends_at: at(48),
    sections: [
      { type: 'banner', image: '/media/banners/winter.svg', link: '/lqzx', alt: '冬季感冒专场' },
      { type: 'goods', title: '热销感冒药', goods_ids: [g.id] },
      { type: 'countdown', title: '距活动结束' },
    ],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { page: res.json().data as { id: number; status: string; phase: string }, goodsId: g.id };
}
const move = (id: number, status: string, cookie = op) =>
  send('POST', `/api/admin/activity-pages/${id}/status`, cookie, { status });

describe('activity pages: buyers', () => {
  it('a draft is 404 to buyers and left out of lists; once published it shows priced goods through the catalogue', async () => {
    const { page, goodsId } = await createPage();
    expect(page).toMatchObject({ status: 'draft', phase: 'draft' });
    const buyer = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, buyer.user.id);
    expect((await send('GET', `/api/activity-pages/${page.id}`, cookie)).statusCode).toBe(404);
    expect((await send('GET', `/api/activity-pages?ids=${page.id}`, cookie)).json().data).toEqual([]);
    expect((await send('GET', '/api/activity-pages?template=zqmb')).json().data).toEqual([]);

    expect((await move(page.id, 'published')).statusCode).toBe(200);
    const view = (await send('GET', `/api/activity-pages/${page.id}`, cookie)).json().data;
    expect(view).toMatchObject({
      title: '冬季感冒专场',
      template: 'zqmb',
      phase: 'running',
      notice: null,
      cover: '/media/banners/winter.svg',
      sections: [
        { type: 'banner', image: '/media/banners/winter.svg', link: '/lqzx' },
        {
          type: 'goods',
          title: '热销感冒药',
          goods: [{ id: goodsId, base_price: 12.5, price_visibility: 'visible' }],
        },
        { type: 'countdown', title: '距活动结束', to: secondsAt(48) },
      ],
    });
    // The card is the catalogue's own summary, price and eligibility included.
    const detail = (await send('GET', `/api/goods/detail/${goodsId}`, cookie)).json().data;
    expect(view.sections[1].goods[0]).toMatchObject({ base_price: detail.base_price, in_scope: true });

    const visitor = (await send('GET', `/api/activity-pages/${page.id}`)).json().data;
    expect(visitor.sections[1].goods[0]).toMatchObject({ base_price: null, price_visibility: 'login' });
    const pending = await createBuyer(ctx.app.db, { status: 'pending' });
    const asPending = (
      await send('GET', `/api/activity-pages/${page.id}`, await buyerCookie(ctx.app, pending.user.id))
    ).json().data;
    expect(asPending.sections[1].goods[0]).toMatchObject({ base_price: null, price_visibility: 'pending' });

    const list = (await send('GET', '/api/activity-pages?template=zqmb')).json().data;
    expect(list).toEqual([
      expect.objectContaining({
        id: page.id,
        phase: 'running',
        starts_at: secondsAt(-24),
        ends_at: secondsAt(48),
      }),
    ]);
    expect((await send('GET', '/api/activity-pages?template=hdmb')).json().data).toEqual([]);
  });

  it('goods taken off sale drop out of the floor; expired coupons drop out of the coupon floor', async () => {
    const { coupon } = await createCoupon(ctx.app.db, [], {
      name: '满300减30',
      thresholdFen: 30000,
      amountFen: 3000,
    });
    const { coupon: old } = await createCoupon(ctx.app.db, [], {
      name: '过期券',
      validTo: addDays(beijingToday(NOW), -1),
    });
    const kept = await createGoods(ctx.app.db, { warehouseId });
    const { page, goodsId } = await createPage({
      template: 'hdmb',
      sections: [
        { type: 'coupons', title: '先领券再下单', coupon_ids: [coupon.id, old.id] },
        { type: 'goods', title: '限时特惠', goods_ids: [kept.id] },
        { type: 'notice', title: '活动规则', text: '活动商品不与其他优惠同享' },
      ],
    });
    await ctx.app.db.update(goods).set({ isOnSale: false }).where(eq(goods.id, kept.id));
    await move(page.id, 'published');
    const view = (await send('GET', `/api/activity-pages/${page.id}`)).json().data;
    expect(goodsId).toBeGreaterThan(0);
    expect(view.sections).toEqual([
      {
        type: 'coupons',
        title: '先领券再下单',
        coupons: [
          {
            id: coupon.id,
            name: '满300减30',
            kind: 'amount_off',
            threshold: 300,
            amount: 30,
            rate_percent: null,
            expires_at: null,
          },
        ],
      },
      { type: 'goods', title: '限时特惠', goods: [] },
      { type: 'notice', title: '活动规则', text: '活动商品不与其他优惠同享' },
    ]);
  });

  it('a page not started says 活动暂未开始 with a countdown to its start and no sections; paused and ended say 活动未开始 or its own text', async () => {
    const { page } = await createPage({ starts_at: at(5), ends_at: at(30) });
    await move(page.id, 'published');
    expect((await send('GET', `/api/activity-pages/${page.id}`)).json().data).toMatchObject({
      phase: 'upcoming',
      notice: { text: '活动暂未开始', countdown_to: secondsAt(5) },
      sections: [],
    });
    expect(
      (await send('GET', '/api/activity-pages?template=zqmb')).json().data.map((p: { id: number }) => p.id),
    ).not.toContain(page.id);

    const running = (await createPage({ notice_text: '活动火爆，稍后再来' })).page;
    await move(running.id, 'published');
    await move(running.id, 'paused');
    expect((await send('GET', `/api/activity-pages/${running.id}`)).json().data).toMatchObject({
      phase: 'paused',
      notice: { text: '活动火爆，稍后再来', countdown_to: null },
      sections: [],
    });
    await move(running.id, 'ended');
    const ended = (await send('GET', `/api/activity-pages?ids=${running.id},${page.id}`)).json().data;
    expect(ended.map((p: { id: number; phase: string }) => [p.id, p.phase])).toEqual([
      [running.id, 'ended'],
      [page.id, 'upcoming'],
    ]);
    const past = (await createPage({ starts_at: at(-48), ends_at: at(-1) })).page;
    await move(past.id, 'published');
    expect((await send('GET', `/api/activity-pages/${past.id}`)).json().data.notice).toEqual({
      text: '活动未开始',
      countdown_to: null,
    });
  });

  it('unknown pages and bad ids are 404 and 422, never 500', async () => {
    expect((await send('GET', '/api/activity-pages/999999')).statusCode).toBe(404);
    expect((await send('GET', '/api/activity-pages/abc')).statusCode).toBe(422);
    expect((await send('GET', '/api/activity-pages?template=kxzq')).statusCode).toBe(422);
  });
});

describe('activity pages: the console', () => {
  it('edits, publishes, pauses and ends a page; each write leaves an audit row; an ended page cannot come back', async () => {
    const { page, goodsId } = await createPage();
    const edited = await send('POST', `/api/admin/activity-pages/${page.id}`, op, {
      title: '冬季感冒专场（加量）',
      template: 'hdmb',
      starts_at: at(-24),
      ends_at: at(72),
      sections: [
        { type: 'countdown', title: '距本场结束', until: at(10) },
        { type: 'goods', title: '热销感冒药', goods_ids: [goodsId] },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: '冬季感冒专场（加量）',
      template: 'hdmb',
      ends_at: at(72),
      sections: [{ type: 'countdown', until: at(10) }, { type: 'goods' }],
      goods_names: { [goodsId]: expect.stringContaining('复方氨酚烷胺胶囊') },
    });
    expect((await move(page.id, 'paused')).statusCode).toBe(409);
    expect((await move(page.id, 'published')).json().data).toMatchObject({
      status: 'published',
      phase: 'running',
    });
    expect((await move(page.id, 'paused')).json().data).toMatchObject({
      status: 'paused',
      phase_name: '已暂停',
    });
    expect((await move(page.id, 'ended')).json().data).toMatchObject({ status: 'ended', phase: 'ended' });
    const refused = await move(page.id, 'published');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('已结束的活动页不能改为已发布');

    const rows = await ctx.app.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'activity_page'), eq(auditLog.targetId, String(page.id))))
      .orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual([
      'activity_page.create',
      'activity_page.update',
      'activity_page.status',
      'activity_page.status',
      'activity_page.status',
    ]);
    expect(rows[4].after).toEqual({ status: 'ended' });

    const list = (await send('GET', '/api/admin/activity-pages', op)).json().data;
    expect(list.find((p: { id: number }) => p.id === page.id)).toMatchObject({ status_name: '已结束' });
  });

  it('bad sections are 422 with Chinese field messages; unknown goods and coupons are named', async () => {
    const bad = await send('POST', '/api/admin/activity-pages', op, {
      title: '',
      template: 'abc',
      starts_at: '2026-13-01 00:00',
      ends_at: at(1),
      sections: [{ type: 'video' }, { type: 'goods', title: '楼层', goods_ids: [] }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors).toEqual({
      title: ['请填写页面标题'],
      template: ['请选择页面模板'],
      starts_at: ['开始时间格式应为 YYYY-MM-DD HH:mm'],
      'sections.0.type': ['板块类型不正确'],
      'sections.1.goods_ids': ['请选择楼层商品'],
    });
    const unknown = await send('POST', '/api/admin/activity-pages', op, {
      title: '专场',
      template: 'zqmb',
      starts_at: at(0),
      ends_at: at(1),
      sections: [
        { type: 'banner', image: '/a.svg' },
        { type: 'goods', title: '楼层', goods_ids: [999999] },
        { type: 'coupons', title: '领券', coupon_ids: [888888] },
      ],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().data.errors).toEqual({
      'sections.1.goods_ids': ['商品不存在：999999'],
      'sections.2.coupon_ids': ['优惠券不存在：888888'],
    });
    expect(
      (await send('POST', '/api/admin/activity-pages', op, { title: '专场', sections: [] })).json().data
        .errors,
    ).toMatchObject({ sections: ['至少添加一个板块'] });
  });

  it('previews a draft as a chosen store: that store’s prices and eligibility', async () => {
    const { page, goodsId } = await createPage({ starts_at: at(10), ends_at: at(20) });
    const approved = await createBuyer(ctx.app.db);
    const pending = await createBuyer(ctx.app.db, { status: 'pending' });
    const outOfScope = await createBuyer(ctx.app.db, { scope: ['zcy'] });
    const preview = (userId: number) =>
      send('GET', `/api/admin/activity-pages/${page.id}/preview?user_id=${userId}`, op);
    const asApproved = (await preview(approved.user.id)).json().data;
    expect(asApproved).toMatchObject({ phase: 'draft', notice: null });
    expect(asApproved.sections[1].goods[0]).toMatchObject({ id: goodsId, base_price: 12.5, in_scope: true });
    expect((await preview(pending.user.id)).json().data.sections[1].goods[0]).toMatchObject({
      base_price: null,
      price_visibility: 'pending',
    });
    expect((await preview(outOfScope.user.id)).json().data.sections[1].goods[0]).toMatchObject({
      in_scope: false,
    });
    expect((await preview(999999)).statusCode).toBe(404);
    expect(
      (await send('GET', `/api/admin/activity-pages/${page.id}/preview`, op)).json().data.errors,
    ).toEqual({
      user_id: ['请选择预览门店'],
    });
    const stores = (
      await send('GET', `/api/admin/preview-stores?q=${encodeURIComponent(approved.user.storeName)}`, op)
    ).json().data;
    expect(stores).toEqual([
      { id: approved.user.id, store_name: approved.user.storeName, company_name: approved.company.name },
    ]);
  });

  it('operators without promotions:write get 403; visitors and buyers 401', async () => {
    const warehouse = (await operatorCookie(ctx.app, 'warehouse')).cookie;
    const { page } = await createPage();
    const buyer = await createBuyer(ctx.app.db);
    const buyerSession = await buyerCookie(ctx.app, buyer.user.id);
    for (const [method, url] of [
      ['GET', '/api/admin/activity-pages'],
      ['GET', `/api/admin/activity-pages/${page.id}`],
      ['POST', '/api/admin/activity-pages'],
      ['POST', `/api/admin/activity-pages/${page.id}`],
      ['POST', `/api/admin/activity-pages/${page.id}/status`],
      ['GET', `/api/admin/activity-pages/${page.id}/preview?user_id=${buyer.user.id}`],
      ['GET', '/api/admin/preview-stores'],
    ] as const) {
      expect((await send(method, url, warehouse, method === 'POST' ? {} : undefined)).statusCode, url).toBe(
        403,
      );
      expect((await send(method, url, '', method === 'POST' ? {} : undefined)).statusCode, url).toBe(401);
      expect(
        (await send(method, url, buyerSession, method === 'POST' ? {} : undefined)).statusCode,
        url,
      ).toBe(401);
    }
    expect((await send('GET', `/api/admin/activity-pages/${page.id}`, op)).json().data.status).toBe('draft');
  });
});
