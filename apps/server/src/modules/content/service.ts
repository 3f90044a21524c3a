import {
  type AdItem,
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
  settings,
  siteLinks,
} from '../../db/schema';
import { sharedCache } from '../../lib/cache-bus';
import type { Ctx } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { type CatalogRefs, catalogRefs, invalidateCatalogRefs } from '../catalog/refs';

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
 * The top ad the home page opens with (TopAd shows the first), which the server writes into the
 * home page's HTML (plugins/spa.ts): cached like the header, forgotten by content writes.
 */
const topAdCache = sharedCache<AdItem | undefined>('content-top-ad', 5_000);

export function homeTopAd(ctx: ContentCtx): Promise<AdItem | undefined> {
  return topAdCache.get(ctx.db, () => adsAt(ctx, 'top').then((ads) => ads[0]));
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

/** The live ads of a position, optionally only those of `ids` (an ad group). */
export async function adsAt(ctx: ContentCtx, position: string, ids?: number[]): Promise<AdItem[]> {
  const rows = await ctx.db
    .select({ id: ads.id, url: ads.url, image: ads.image, title: ads.title })
    .from(ads)
    .where(and(eq(ads.position, position), eq(ads.isActive, true), ids ? inArray(ads.id, ids) : undefined))
    .orderBy(asc(ads.sort), asc(ads.id));
  return rows;
}

export async function links(ctx: ContentCtx) {
  return ctx.db
    .select({ name: siteLinks.name, url: siteLinks.url })
    .from(siteLinks)
    .orderBy(asc(siteLinks.sort), asc(siteLinks.id));
}

export async function site(ctx: ContentCtx) {
  const rows = await ctx.db.select().from(settings);
  const byKey = new Map(rows.map((r) => [r.key, r.value as Record<string, unknown>]));
  const siteSettings = (byKey.get('site') ?? {}) as { title?: string };
  return {
    title: siteSettings.title ?? '药采',
    footer: (byKey.get('footer') as SiteFooter | undefined) ?? {
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
