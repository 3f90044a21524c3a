import {
  beijingDateOf,
  beijingStartOf,
  type ContentBody,
  type ContentItem,
  type ContentKind,
} from '@yaocai/domain';
import { and, asc, count, desc, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  ads,
  helpArticles,
  helpCategories,
  hotSearches,
  navItems,
  news,
  siteLinks,
} from '../../db/schema/content';
import type { OperatorCtx } from '../../lib/context';
import { fieldError, notFound, refusal } from '../../lib/errors';
import { audit } from '../audit/service';
import { plainParagraphs, renderMarkdown } from './markdown';
import { invalidateContent } from './service';

// The console's content: ads and banners, the main nav, hot searches, friendly links, help
// articles and news (both in Markdown, rendered and sanitised here). One definition per kind (table, how a row reads as the body, how a body writes as a
// row, its own rules); every write is audited and drops the content caches, so the shop shows
// it on the next request.

type Row = Record<string, unknown> & { id: number };

interface KindDefinition<K extends ContentKind> {
  // biome-ignore lint/suspicious/noExplicitAny: one table of several shapes per kind
  table: any;
  order: (t: never) => unknown[];
  read(row: Row): ContentItem;
  write(body: ContentBody<K>, ctx: OperatorCtx): Record<string, unknown>;
  /** Rules beyond the body's schema, checked inside the write's transaction. */
  check?(tx: DbOrTx, body: ContentBody<K>, id: number | null): Promise<void>;
  /** What must not be deleted (a nav entry with children). */
  checkDelete?(tx: DbOrTx, id: number): Promise<void>;
  /** After a write: fields that need the row's id (a drawn banner's address). */
  afterWrite?(row: Row): Record<string, unknown> | null;
}

const drawnAd = (id: number) => `/media/ads/${id}.svg`;

const MAX_TOP_NAV = 9;

const definitions: { [K in ContentKind]: KindDefinition<K> } = {
  ads: {
    table: ads,
    order: () => [asc(ads.position), asc(ads.sort), asc(ads.id)],
    read: (r) => ({
      id: r.id,
      position: r.position,
      title: r.title,
      subtitle: r.subtitle,
      url: r.url,
      image: r.image === drawnAd(r.id) ? '' : r.image,
      shown_image: r.image,
      color: r.color,
      sort: r.sort,
      is_active: r.isActive,
      audience: r.audience,
    }),
    write: (b) => ({
      position: b.position,
      title: b.title,
      subtitle: b.subtitle,
      url: b.url,
      color: b.color,
      sort: b.sort,
      isActive: b.is_active,
      audience: b.audience,
      image: b.image,
    }),
    afterWrite: (row) => (row.image ? null : { image: drawnAd(row.id) }),
  },
  nav: {
    table: navItems,
    order: () => [asc(navItems.sort), asc(navItems.id)],
    read: (r) => ({
      id: r.id,
      parent_id: r.parentId,
      name: r.name,
      url: r.url,
      is_open: r.isOpen === 1,
      sort: r.sort,
    }),
    write: (b) => ({
      parentId: b.parent_id,
      name: b.name,
      url: b.url,
      isOpen: b.is_open ? 1 : 0,
      sort: b.sort,
    }),
    async check(tx, body, id) {
      if (body.parent_id !== null) {
        if (body.parent_id === id) throw fieldError('parent_id', '上级菜单不能是自己');
        const [parent] = await tx.select().from(navItems).where(eq(navItems.id, body.parent_id));
        if (!parent) throw fieldError('parent_id', '上级菜单不存在');
        if (parent.parentId !== null) throw fieldError('parent_id', '导航最多两级：请选择一级菜单');
        return;
      }
      const others =
        id === null ? isNull(navItems.parentId) : and(isNull(navItems.parentId), ne(navItems.id, id));
      const [top] = await tx.select({ n: count() }).from(navItems).where(others);
      if ((top?.n ?? 0) >= MAX_TOP_NAV) throw fieldError('parent_id', `一级导航最多${MAX_TOP_NAV}个`);
    },
    async checkDelete(tx, id) {
      const [children] = await tx.select({ n: count() }).from(navItems).where(eq(navItems.parentId, id));
      if ((children?.n ?? 0) > 0) throw refusal('请先删除该菜单的下级菜单');
    },
  },
  hot_searches: {
    table: hotSearches,
    order: () => [asc(hotSearches.sort), asc(hotSearches.id)],
    read: (r) => ({ id: r.id, name: r.name, url: r.url, sort: r.sort }),
    write: (b) => ({ name: b.name, url: b.url, sort: b.sort }),
  },
  links: {
    table: siteLinks,
    order: () => [asc(siteLinks.sort), asc(siteLinks.id)],
    read: (r) => ({ id: r.id, name: r.name, url: r.url, sort: r.sort }),
    write: (b) => ({ name: b.name, url: b.url, sort: b.sort }),
  },
  help_articles: {
    table: helpArticles,
    order: () => [asc(helpArticles.categoryId), asc(helpArticles.sort), asc(helpArticles.id)],
    read: (r) => ({
      id: r.id,
      category_id: r.categoryId,
      title: r.title,
      path: r.path,
      body: r.markdown ?? (r.paragraphs as string[]).join('\n\n'),
      sort: r.sort,
    }),
    write: (b, ctx) => ({
      categoryId: b.category_id,
      title: b.title,
      path: b.path,
      paragraphs: plainParagraphs(b.body),
      markdown: b.body,
      html: renderMarkdown(b.body),
      sort: b.sort,
      updatedAt: ctx.now,
    }),
    async check(tx, body, id) {
      const [category] = await tx
        .select()
        .from(helpCategories)
        .where(eq(helpCategories.id, body.category_id));
      if (!category) throw fieldError('category_id', '帮助分类不存在');
      const same =
        id === null
          ? eq(helpArticles.path, body.path)
          : and(eq(helpArticles.path, body.path), ne(helpArticles.id, id));
      const [taken] = await tx.select({ id: helpArticles.id }).from(helpArticles).where(same);
      if (taken) throw fieldError('path', '该页面地址已被其他文章使用');
    },
  },
  news: {
    table: news,
    order: () => [desc(news.publishedAt), desc(news.id)],
    read: (r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      summary: r.summary,
      source: r.source,
      published_on: beijingDateOf(r.publishedAt as Date),
      body: r.markdown ?? (r.paragraphs as string[]).join('\n\n'),
    }),
    write: (b) => ({
      type: b.type,
      title: b.title,
      summary: b.summary,
      source: b.source,
      // 09:00 Beijing time of the chosen day.
      publishedAt: new Date(beijingStartOf(b.published_on).getTime() + 9 * 3600_000),
      paragraphs: plainParagraphs(b.body),
      markdown: b.body,
      html: renderMarkdown(b.body),
    }),
  },
};

export async function listContent(ctx: OperatorCtx, kind: ContentKind) {
  const def = definitions[kind] as KindDefinition<ContentKind>;
  const [rows, categories] = await Promise.all([
    ctx.db
      .select()
      .from(def.table)
      .orderBy(...(def.order(undefined as never) as never[])),
    ctx.db
      .select({ id: helpCategories.id, name: helpCategories.name })
      .from(helpCategories)
      .orderBy(asc(helpCategories.sort), asc(helpCategories.id)),
  ]);
  return { items: (rows as Row[]).map((r) => def.read(r)), help_categories: categories };
}

async function findRow(tx: DbOrTx, def: KindDefinition<ContentKind>, id: number): Promise<Row> {
  const [row] = await tx.select().from(def.table).where(eq(def.table.id, id)).for('update');
  if (!row) throw notFound('内容不存在或已被删除');
  return row as Row;
}

export async function saveContent<K extends ContentKind>(
  ctx: OperatorCtx,
  kind: K,
  id: number | null,
  body: ContentBody<K>,
): Promise<ContentItem> {
  const def = definitions[kind] as unknown as KindDefinition<K>;
  const saved = await ctx.db.transaction(async (tx) => {
    const before = id === null ? null : def.read(await findRow(tx, def as never, id));
    await def.check?.(tx, body, id);
    let row: Row;
    if (id === null) {
      [row] = (await tx.insert(def.table).values(def.write(body, ctx)).returning()) as Row[];
    } else {
      [row] = (await tx
        .update(def.table)
        .set(def.write(body, ctx))
        .where(eq(def.table.id, id))
        .returning()) as Row[];
    }
    const extra = def.afterWrite?.(row);
    if (extra)
      [row] = (await tx.update(def.table).set(extra).where(eq(def.table.id, row.id)).returning()) as Row[];
    const after = def.read(row);
    await audit(tx, ctx, {
      action: id === null ? 'content.create' : 'content.update',
      target: { type: kind, id: row.id },
      before,
      after,
    });
    return after;
  });
  invalidateContent();
  return saved;
}

export async function deleteContent(ctx: OperatorCtx, kind: ContentKind, id: number) {
  const def = definitions[kind] as KindDefinition<ContentKind>;
  await ctx.db.transaction(async (tx) => {
    const before = def.read(await findRow(tx, def, id));
    await def.checkDelete?.(tx, id);
    await tx.delete(def.table).where(eq(def.table.id, id));
    await audit(tx, ctx, { action: 'content.delete', target: { type: kind, id }, before });
  });
  invalidateContent();
}
