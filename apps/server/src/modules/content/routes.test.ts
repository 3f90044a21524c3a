import {
  adItem,
  headerCommonData,
  helpArticle,
  helpCategory,
  linkItem,
  newsArticle,
  newsListData,
  siteFooter,
  siteInfo,
} from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeWarehouse, unpaidOrder } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { hotSearches, orders } from '../../db/schema';
import { invalidateContent } from './service';

let ctx: TestContext;
const get = async (url: string) => {
  const res = await ctx.app.inject(url);
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};

beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx?.close());

const helpRoutes = [
  '/help/xrzn/hyzc',
  '/help/xrzn/gwzn',
  '/help/xrzn/aqgy',
  '/help/fwbz/wzzz',
  '/help/fwbz/yhxy',
  '/help/fwbz/zskf',
  '/help/us/tsjy',
  '/help/us/link',
  '/help/zfps/ddzf',
  '/help/zfps/hwps',
  '/help/zfps/ypth',
];

describe('GET /api/focus/common', () => {
  it('answers the header data with four menus and a live timestamp', async () => {
    const res = await get('/api/focus/common');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body.code).toBe(10000);
    const data = headerCommonData.parse(res.body.data);
    expect(data.nav.length).toBeLessThanOrEqual(9);
    expect(data.nav.map((n) => n.name)).toEqual(
      expect.arrayContaining(['首页', '优选专区', '中药饮片', '器械专区', '品牌专区']),
    );
    expect(data.nav.some((n) => n.children.length > 0)).toBe(true);
    expect(data.rnss.length).toBeGreaterThan(3);
    for (const menu of [data.category, data.category_yx, data.category_zy, data.category_qx]) {
      expect(menu.length).toBeGreaterThan(0);
    }
    expect(data.category[0].children.length).toBeGreaterThan(0);
    expect(data.brand.length).toBeGreaterThanOrEqual(20);
    expect(String(data.timestamp)).toHaveLength(10);
    expect(Math.abs(data.timestamp - Date.now() / 1000)).toBeLessThan(5);
  });

  it("tells the application clock's time, the one every request compares with", async () => {
    const real = ctx.app.clock.now;
    ctx.app.clock.now = () => new Date('2030-06-01T08:00:00+08:00');
    try {
      expect((await get('/api/focus/common')).body.data.timestamp).toBe(1_906_502_400);
    } finally {
      ctx.app.clock.now = real;
    }
  });

  it('serves from the cache and reflects writes after invalidation', async () => {
    await ctx.database.db
      .insert(hotSearches)
      .values({ name: '测试热搜', url: '/search?keywords=x', sort: 99 });
    const cached = (await get('/api/focus/common')).body.data;
    expect(cached.rnss.some((r: { name: string }) => r.name === '测试热搜')).toBe(false);
    invalidateContent();
    const fresh = (await get('/api/focus/common')).body.data;
    expect(fresh.rnss.some((r: { name: string }) => r.name === '测试热搜')).toBe(true);
  });
});

describe('ads', () => {
  const ads = z.array(adItem);
  it('GET /api/focus/top, /right and ?position=', async () => {
    for (const url of [
      '/api/focus/top',
      '/api/focus/right',
      '/api/focus?position=home_banner',
      '/api/focus?position=home_floor',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      const list = ads.parse(res.body.data);
      expect(list.length, url).toBeGreaterThan(0);
      expect(list[0].image).toMatch(/^\/media\/ads\/\d+\.svg$/);
    }
    expect(ads.parse((await get('/api/focus?position=home_banner')).body.data).length).toBeGreaterThanOrEqual(
      3,
    );
  });
  it('GET /api/focus/{zone} answers the zone pages', async () => {
    for (const zone of ['yx', 'zyzq', 'kxzq', 'new_kxzq', 'xrtj', 'login']) {
      const res = await get(`/api/focus/${zone}`);
      expect(res.status, zone).toBe(200);
      expect(res.body.data.length, zone).toBeGreaterThan(0);
    }
    const group = (await get('/api/focus/kxzq_ad')).body.data;
    expect(group.length).toBeGreaterThan(1);
    // An ad group (/kxzq/goods/:url/:ads): only the ads named.
    expect((await get(`/api/focus/kxzq_ad?ids=${group[1].id}`)).body.data).toEqual([group[1]]);
    expect((await get('/api/focus/kxzq_ad?ids=abc')).status).toBe(422);
  });
  it('shows an ad only to its audience: 新人专享 to visitors and new buyers, not to a paying customer', async () => {
    const topTitles = async (cookie?: string) => {
      const res = await ctx.app.inject({ url: '/api/focus/top', headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(200);
      return ads.parse(res.json().data).map((a) => a.title);
    };
    const newcomer = '新人专享 注册即领 200 元券包';
    expect(await topTitles()).toContain(newcomer);
    const buyer = await unpaidOrder(ctx.app, (await makeWarehouse(ctx.app.db)).id);
    expect(await topTitles(buyer.cookie)).toContain(newcomer);
    // Its company pays: a customer now, the newcomer ad is gone (and from the home page's HTML).
    await ctx.app.db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, buyer.orderId));
    expect(await topTitles(buyer.cookie)).not.toContain(newcomer);
    // Ads for everyone still show to everyone.
    const right = await ctx.app.inject({ url: '/api/focus/right', headers: { cookie: buyer.cookie } });
    expect(ads.parse(right.json().data).length).toBeGreaterThan(0);
  });
  it('draws the 1200 x 80 top ad with text of at least 12 px', async () => {
    const [top] = ads.parse((await get('/api/focus/top')).body.data);
    const body = (await ctx.app.inject(top.image)).body;
    const sizes = [...body.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
    expect(body).toContain('新人专享');
    expect(body).toContain('资质审核通过后自动到账');
    for (const floor of ads.parse((await get('/api/focus?position=home_floor')).body.data)) {
      const text = (await ctx.app.inject(floor.image)).body;
      const px = [...text.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
      expect(Math.min(...px), floor.title).toBeGreaterThanOrEqual(12);
    }
  });
  it('refuses unknown positions', async () => {
    expect((await get('/api/focus/nothing')).status).toBe(422);
    expect((await get('/api/focus?position=<script>')).status).toBe(422);
    expect((await get('/api/focus')).status).toBe(422);
  });
  it('draws banners, brand logos and QR codes', async () => {
    const banner = (await get('/api/focus?position=home_banner')).body.data[0];
    for (const url of [banner.image, '/media/brands/1.svg', '/media/qr/wechat.svg', '/media/qr/app.svg']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
    }
    expect((await ctx.app.inject('/media/ads/99999.svg')).statusCode).toBe(404);
    for (const name of ['other.svg', 'valueOf', 'constructor', '__proto__'])
      expect((await ctx.app.inject(`/media/qr/${name}`)).statusCode, name).toBe(404);
  });
});

describe('global and help', () => {
  it('GET /api/global/links', async () => {
    const links = z.array(linkItem).parse((await get('/api/global/links')).body.data);
    expect(links.length).toBeGreaterThan(2);
  });
  it('GET /api/global/site', async () => {
    const data = siteInfo.parse((await get('/api/global/site')).body.data);
    expect(data.title).toBe('药采');
    const footer = siteFooter.parse(data.footer);
    expect(footer.licences.map((l) => l.name)).toContain('药品经营许可证');
    expect(data.qr).toEqual({ wechat: '/media/qr/wechat.svg', app: '/media/qr/app.svg' });
  });
  it('GET /api/article/category lists the help categories with shop routes', async () => {
    const cats = z.array(helpCategory).parse((await get('/api/article/category?category_id=3')).body.data);
    expect(cats.length).toBe(4);
    expect(cats.flatMap((c) => c.children.map((a) => a.url)).sort()).toEqual([...helpRoutes].sort());
    expect((await get('/api/article/category')).body.data).toHaveLength(4);
    expect((await get('/api/article/category?category_id=abc')).status).toBe(422);
  });
  it('GET /api/article/help answers every help route', async () => {
    for (const path of helpRoutes) {
      const res = await get(`/api/article/help?path=${encodeURIComponent(path)}`);
      expect(res.status, path).toBe(200);
      helpArticle.parse(res.body.data);
      expect(res.body.data.paragraphs.length, path).toBeGreaterThan(1);
      expect(res.body.data.title).toMatch(/[\u4e00-\u9fa5]/);
    }
    const byId = (await get('/api/article/help?id=1')).body.data;
    expect(byId.path).toBe('/help/xrzn/hyzc');
    expect((await get('/api/article/help?path=/help/none')).status).toBe(404);
    expect((await get('/api/article/help')).status).toBe(422);
  });
});

describe('news', () => {
  it('lists industry and company news, newest first', async () => {
    const all = newsListData.parse((await get('/api/news?page=1&page_size=50')).body.data);
    expect(all.total).toBeGreaterThanOrEqual(10);
    const hy = (await get('/api/news?type=hy')).body.data;
    expect(hy.list.every((n: { type: string }) => n.type === 'hy')).toBe(true);
    const company = (await get('/api/news?type=company')).body.data;
    expect(company.total).toBeGreaterThan(0);
    expect(hy.total + company.total).toBe(all.total);
    const dates = all.list.map((n: { published_at: string }) => n.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await get('/api/news?type=bad')).status).toBe(422);
    expect((await get('/api/news?page=-1')).status).toBe(422);
  });
  it('answers a news item', async () => {
    const first = (await get('/api/news')).body.data.list[0];
    const item = newsArticle.parse((await get(`/api/news/${first.id}`)).body.data);
    expect(item.title).toBe(first.title);
    expect(item.paragraphs.length).toBeGreaterThan(0);
    expect(item.source).toBeTruthy();
    expect((await get('/api/news/99999')).status).toBe(404);
    expect((await get('/api/news/abc')).status).toBe(422);
  });
});
