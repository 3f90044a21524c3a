import {
  type AdItem,
  type AdViewer,
  adShownTo,
  type CategoryMenuItem,
  envelope,
  type HelpCategory,
  headerCommonData,
  type NavItem,
  type NewsType,
  type SiteFooter,
} from '@yaocai/domain';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  ads,
  helpArticles,
  helpCategories,
  hotSearches,
  navItems,
  news,
  siteLinks,
} from '../../db/schema/content';
import { sharedCache } from '../../lib/cache-bus';
import type { Ctx, ViewerCtx } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { type CatalogRefs, catalogRefs, invalidateCatalogRefs } from '../catalog/refs';
import { hasPaidOrder } from '../order/queries';
import { savedSettingValues } from '../settings/read';

/** Content is the same for every viewer: its calls need the database and the request's instant. */
export type ContentCtx = Pick<Ctx, 'db' | 'now'>;

/**
 * The header payload (focus/common) is assembled from tables and cached in process for a few
 * seconds as a ready JSON string; only the timestamp is added per request. Content writes call
 * invalidateContent() so operators see their edits at once.
 */
const commonBody = envelope(headerCommonData);
const commonCache = sharedCache<string>('content-header', 5_000);

/** Forgets the header, the home page's top ad and the category tree they show (content writes). */
export function invalidateContent() {
  commonCache.forget();
  topAdCache.forget();
  invalidateCatalogRefs();
}

/**
 * The top ads the home page opens with (TopAd shows the first the viewer may see), which the
 * server writes into the home page's HTML (plugins/spa.ts): cached like the header, forgotten by
 * content writes, then narrowed to the viewer's audience.
 */
const topAdCache = sharedCache<AdRow[]>('content-top-ad', 5_000);

export async function homeTopAd(ctx: AdsCtx): Promise<AdItem | undefined> {
  const rows = await topAdCache.get(ctx.db, () => adRows(ctx.db, 'top'));
  return (await shownTo(ctx, rows))[0];
}

/** The body of GET /api/focus/common without its closing: `...,"timestamp":` */
export function commonPayloadHead(ctx: ContentCtx): Promise<string> {
  const { db } = ctx;
  return commonCache.get(db, () =>
    assembleCommon(db).then((data) => {
      // Goes out as bytes past the serialiser: parsed here so only the schema's fields are cached.
      const body = commonBody.parse({ code: 10000, message: 'success', data: { ...data, timestamp: 0 } });
      const json = JSON.stringify(body);
      return json.slice(0, json.lastIndexOf('0}}'));
    }),
  );
}

let lastBody: { head: string; second: number; body: Buffer } | undefined;

/** The full body for the request's second: encoded once per second and head (not per request). */
export function commonPayload(ctx: ContentCtx, head: string): Buffer {
  const second = Math.floor(ctx.now.getTime() / 1000);
  if (lastBody?.head !== head || lastBody.second !== second) {
    lastBody = { head, second, body: Buffer.from(`${head}${second}}}`) };
  }
  return lastBody.body;
}

function menuTree(refs: CatalogRefs, menu: string): CategoryMenuItem[] {
  const build = (parentId: number | null): CategoryMenuItem[] =>
    (refs.childrenOf.get(parentId) ?? [])
      .filter((c) => c.menu === menu)
      .map((c) => ({ id: c.id, name: c.name, logo: c.logo, logo1: c.logo1, children: build(c.id) }));
  return build(null);
}

async function assembleCommon(db: Db) {
  const [refs, hot, nav] = await Promise.all([
    catalogRefs(db),
    db.select().from(hotSearches).orderBy(asc(hotSearches.sort), asc(hotSearches.id)),
    db.select().from(navItems).orderBy(asc(navItems.sort), asc(navItems.id)),
  ]);
  const navTree = (parentId: number | null): NavItem[] =>
    nav
      .filter((n) => n.parentId === parentId)
      .map((n) => ({
        id: n.id,
        name: n.name,
        url: n.url,
        image: n.image,
        is_open: n.isOpen,
        children: navTree(n.id),
      }));
  return {
    rnss: hot.map((h) => ({ name: h.name, url: h.url })),
    nav: navTree(null).slice(0, 9),
    category: menuTree(refs, 'normal'),
    category_yx: menuTree(refs, 'yx'),
    category_zy: menuTree(refs, 'zy'),
    category_qx: menuTree(refs, 'qx'),
    brand: refs.brands.map((b) => ({ id: b.id, name: b.name, logo: b.logo })),
  };
}

/** Who looks at ads: the request's actor (a visitor or a buyer). */
export type AdsCtx = ContentCtx & Pick<ViewerCtx, 'actor'>;

type AdRow = AdItem & { audience: string[] };

async function adRows(db: Db, position: string, ids?: number[]): Promise<AdRow[]> {
  return db
    .select({ id: ads.id, url: ads.url, image: ads.image, title: ads.title, audience: ads.audience })
    .from(ads)
    .where(and(eq(ads.position, position), eq(ads.isActive, true), ids ? inArray(ads.id, ids) : undefined))
    .orderBy(asc(ads.sort), asc(ads.id));
}

/** A visitor, a buyer whose company has not paid an order yet (新客), or one that has. */
async function adViewerOf(ctx: AdsCtx): Promise<AdViewer> {
  if (ctx.actor.kind !== 'buyer') return 'visitor';
  return (await hasPaidOrder(ctx.db, ctx.actor.companyId)) ? 'customer' : 'new_buyer';
}

/** The ads the viewer may see (the orders are read only when an ad is not for everyone). */
async function shownTo(ctx: AdsCtx, rows: AdRow[]): Promise<AdItem[]> {
  const forAll = rows.every((r) => r.audience.includes('all'));
  const viewer = forAll ? null : await adViewerOf(ctx);
  return rows
    .filter((r) => viewer === null || adShownTo(r.audience, viewer))
    .map(({ id, url, image, title }) => ({ id, url, image, title }));
}

/** The live ads of a position the viewer may see, optionally only those of `ids` (an ad group). */
export async function adsAt(ctx: AdsCtx, position: string, ids?: number[]): Promise<AdItem[]> {
  return shownTo(ctx, await adRows(ctx.db, position, ids));
}

export async function links(ctx: ContentCtx) {
  return ctx.db
    .select({ name: siteLinks.name, url: siteLinks.url })
    .from(siteLinks)
    .orderBy(asc(siteLinks.sort), asc(siteLinks.id));
}

export async function site(ctx: ContentCtx) {
  const saved = await savedSettingValues(ctx.db, ['site', 'footer']);
  const siteSettings = (saved.site ?? {}) as { title?: string };
  return {
    title: siteSettings.title ?? '药采',
    footer: (saved.footer as SiteFooter | undefined) ?? {
      company: '',
      address: '',
      licences: [],
      icp: '',
      notices: [],
    },
    qr: { wechat: '/media/qr/wechat.svg', app: '/media/qr/app.svg' },
  };
}

export async function helpTree(ctx: ContentCtx, groupId: number): Promise<HelpCategory[]> {
  const { db } = ctx;
  const [cats, arts] = await Promise.all([
    db
      .select()
      .from(helpCategories)
      .where(eq(helpCategories.groupId, groupId))
      .orderBy(asc(helpCategories.sort), asc(helpCategories.id)),
    db
      .select({
        id: helpArticles.id,
        categoryId: helpArticles.categoryId,
        title: helpArticles.title,
        path: helpArticles.path,
      })
      .from(helpArticles)
      .orderBy(asc(helpArticles.sort), asc(helpArticles.id)),
  ]);
  return cats.map((c) => ({
    id: c.id,
    name: c.name,
    children: arts
      .filter((a) => a.categoryId === c.id)
      .map((a) => ({ id: a.id, name: a.title, url: a.path })),
  }));
}

export async function helpArticle(ctx: ContentCtx, where: { path?: string; id?: number }) {
  const [row] = await ctx.db
    .select({ a: helpArticles, category: helpCategories.name })
    .from(helpArticles)
    .innerJoin(helpCategories, eq(helpCategories.id, helpArticles.categoryId))
    .where(where.id !== undefined ? eq(helpArticles.id, where.id) : eq(helpArticles.path, where.path ?? ''));
  if (!row) throw notFound('文章不存在');
  return {
    id: row.a.id,
    title: row.a.title,
    category: row.category,
    path: row.a.path,
    paragraphs: row.a.paragraphs,
    html: row.a.html,
    updated_at: row.a.updatedAt.toISOString(),
  };
}

export async function newsList(ctx: ContentCtx, type: string | undefined, page: number, pageSize: number) {
  const { db } = ctx;
  const where = type ? eq(news.type, type) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: news.id,
        title: news.title,
        summary: news.summary,
        publishedAt: news.publishedAt,
        type: news.type,
      })
      .from(news)
      .where(where)
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(news).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      title: r.title,
      summary: r.summary,
      published_at: r.publishedAt.toISOString(),
      type: r.type as NewsType,
    })),
    total,
    page,
    page_size: pageSize,
  };
}

export async function newsDetail(ctx: ContentCtx, id: number) {
  const [row] = await ctx.db.select().from(news).where(eq(news.id, id));
  if (!row) throw notFound('资讯不存在');
  return {
    id: row.id,
    title: row.title,
    type: row.type as NewsType,
    source: row.source,
    published_at: row.publishedAt.toISOString(),
    paragraphs: row.paragraphs,
    html: row.html,
  };
}
