import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerCookie, createBuyer, operatorCookie } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog } from '../../db/schema';

let ctx: TestContext;
let operations: string;
beforeAll(async () => {
  ctx = await createTestApp();
  operations = (await operatorCookie(ctx.app, 'operations')).cookie;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: operations } });
const common = async () => (await ctx.app.inject('/api/focus/common')).json().data;

describe('console content', () => {
  it('a new home banner shows in the shop at once, drawn when no picture is uploaded; editing and deleting follow', async () => {
    const created = await call('POST', '/api/admin/content/ads', {
      position: 'home_banner',
      title: '冬季感冒用药专场',
      subtitle: '满1000减50',
      url: '/list?category_id=1',
      sort: 0,
    });
    expect(created.statusCode, created.body).toBe(200);
    const ad = created.json().data as { id: number; shown_image: string };
    expect(ad.shown_image).toBe(`/media/ads/${ad.id}.svg`);
    const banners = async () =>
      (await ctx.app.inject('/api/focus/home_banner')).json().data as { id: number; title: string }[];
    expect((await banners()).find((b) => b.id === ad.id)?.title).toBe('冬季感冒用药专场');
    await call('POST', `/api/admin/content/ads/${ad.id}`, {
      position: 'home_banner',
      title: '冬季专场',
      is_active: false,
    });
    expect((await banners()).some((b) => b.id === ad.id)).toBe(false);
    expect((await call('POST', `/api/admin/content/ads/${ad.id}/delete`)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/content/ads/${ad.id}/delete`)).statusCode).toBe(404);
    const trail = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(ad.id)));
    expect(trail.map((a) => a.action)).toEqual(['content.create', 'content.update', 'content.delete']);
    expect(trail[1].before).toMatchObject({ title: '冬季感冒用药专场', is_active: true });
    expect(trail[1].after).toMatchObject({ title: '冬季专场', is_active: false });
  });

  it('an ad names its audience (全部, 游客, 新客): kept as written, read back, refused in Chinese when unknown', async () => {
    const save = (audience: unknown) =>
      call('POST', '/api/admin/content/ads', { position: 'right', title: '游客专享', audience });
    const created = await save(['visitor']);
    expect(created.statusCode, created.body).toBe(200);
    const ad = created.json().data as { id: number; audience: string[] };
    expect(ad.audience).toEqual(['visitor']);
    const right = async (cookie?: string) =>
      (
        (await ctx.app.inject({ url: '/api/focus/right', headers: cookie ? { cookie } : {} })).json()
          .data as {
          id: number;
        }[]
      ).some((a) => a.id === ad.id);
    expect(await right()).toBe(true);
    const buyer = await createBuyer(ctx.app.db);
    expect(await right(await buyerCookie(ctx.app, buyer.user.id))).toBe(false);
    // 全部 with another reads as 全部; none given is 全部 too.
    expect((await save(['all', 'visitor'])).json().data.audience).toEqual(['all']);
    expect((await save(undefined)).json().data.audience).toEqual(['all']);
    const listed = (await call('GET', '/api/admin/content/ads')).json().data.items as { id: number }[];
    expect(listed.find((i) => i.id === ad.id)).toMatchObject({ audience: ['visitor'] });
    const refused = await save(['vip']);
    expect(refused.statusCode).toBe(422);
    const errors = refused.json().data.errors as Record<string, string[]>;
    expect(Object.keys(errors)[0]).toMatch(/^audience/);
    expect(Object.values(errors)[0]).toEqual(['请选择投放对象']);
  });

  it('refuses a javascript: or protocol-relative link, in Chinese', async () => {
    for (const url of ['javascript:alert(1)', '//evil.example', 'data:text/html,x']) {
      const res = await call('POST', '/api/admin/content/hot_searches', { name: '感冒', url });
      expect(res.statusCode).toBe(422);
      expect(res.json().data.errors.url).toEqual(['链接须为站内路径（以 / 开头）或 http(s) 网址']);
    }
  });

  it('keeps the nav to 9 top-level entries and two levels; a hot search edit is live in focus/common', async () => {
    const top = (
      (await call('GET', '/api/admin/content/nav')).json().data.items as {
        id: number;
        parent_id: number | null;
      }[]
    ).filter((n) => n.parent_id === null);
    for (let i = top.length; i < 9; i++) {
      expect(
        (await call('POST', '/api/admin/content/nav', { name: `导航${i}`, url: '/list' })).statusCode,
      ).toBe(200);
    }
    const tenth = await call('POST', '/api/admin/content/nav', { name: '第十个', url: '/list' });
    expect(tenth.json().data.errors.parent_id).toEqual(['一级导航最多9个']);
    const child = await call('POST', '/api/admin/content/nav', {
      name: '子菜单',
      url: '/list',
      parent_id: top[0].id,
    });
    expect(child.statusCode).toBe(200);
    const grandchild = await call('POST', '/api/admin/content/nav', {
      name: '三级',
      url: '/list',
      parent_id: child.json().data.id,
    });
    expect(grandchild.json().data.errors.parent_id).toEqual(['导航最多两级：请选择一级菜单']);
    const withChild = await call('POST', `/api/admin/content/nav/${top[0].id}/delete`);
    expect(withChild.json().message).toBe('请先删除该菜单的下级菜单');

    const hot = await call('POST', '/api/admin/content/hot_searches', {
      name: '连花清瘟',
      url: '/search?keywords=lhqw',
    });
    expect(hot.statusCode).toBe(200);
    expect((await common()).rnss).toContainEqual({ name: '连花清瘟', url: '/search?keywords=lhqw' });
  });

  it('a help article is written in Markdown, shown as sanitised HTML, its address unique', async () => {
    const list = (await call('GET', '/api/admin/content/help_articles')).json().data;
    const res = await call('POST', '/api/admin/content/help_articles', {
      category_id: list.help_categories[0].id,
      title: '发票说明',
      path: '/help/xrzn/fpsm',
      body: '## 开票\n\n第一段<script>alert(1)</script> **加粗**\n\n- [联系客服](javascript:alert(1))\n- [开票须知](/help/xrzn/gwzn)',
    });
    expect(res.statusCode, res.body).toBe(200);
    const article = (await ctx.app.inject('/api/article/help?path=/help/xrzn/fpsm')).json().data;
    expect(article.html).toBe(
      '<h2>开票</h2>\n<p>第一段 <strong>加粗</strong></p>\n<ul>\n<li><a>联系客服</a></li>\n<li><a href="/help/xrzn/gwzn">开票须知</a></li>\n</ul>',
    );
    expect(article.paragraphs).toEqual(['开票', '第一段 加粗', '联系客服', '开票须知']);
    // The console edits the Markdown as written.
    const saved = (await call('GET', '/api/admin/content/help_articles')).json().data.items;
    expect(saved.find((a: { path: string }) => a.path === '/help/xrzn/fpsm').body).toContain('## 开票');
    // A seeded article (no Markdown) keeps its paragraphs.
    expect((await ctx.app.inject('/api/article/help?path=/help/xrzn/gwzn')).json().data.html).toBeNull();
    const again = await call('POST', '/api/admin/content/help_articles', {
      category_id: list.help_categories[0].id,
      title: '重复',
      path: '/help/xrzn/fpsm',
      body: 'x',
    });
    expect(again.json().data.errors.path).toEqual(['该页面地址已被其他文章使用']);
  });

  it('news is written in Markdown and shown on its page as sanitised HTML, newest first', async () => {
    const res = await call('POST', '/api/admin/content/news', {
      type: 'company',
      title: '药采冬季备货会召开',
      summary: '十二月起开放冬季备货专场',
      source: '药采',
      published_on: '2026-12-01',
      body: '**专场**时间：12月1日起<img src=x onerror=alert(1)>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    const page = (await ctx.app.inject(`/api/news/${id}`)).json().data;
    expect(page.html).toBe('<p><strong>专场</strong>时间：12月1日起<img src="x" /></p>');
    expect(page.published_at).toBe('2026-12-01T01:00:00.000Z');
    const list = (await ctx.app.inject('/api/news?type=company')).json().data.list as { id: number }[];
    expect(list[0].id).toBe(id);
    const bad = await call('POST', '/api/admin/content/news', {
      type: 'other',
      title: '',
      summary: 'x',
      source: 'x',
      published_on: '2026-02-30',
      body: 'x',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors).toMatchObject({
      type: ['请选择资讯类型'],
      title: ['请填写标题'],
      published_on: ['发布日期不是有效的日期'],
    });
  });
});
