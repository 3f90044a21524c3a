import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Operator-editable site content: ads and banners by position, main nav, hot searches,
 * friendly links, help articles and news. Read by the content module (focus/*, global/*,
 * article/*, news).
 */

/** An ad or banner. position: home_banner, top, right, home_floor, login, yx, zyzq, kxzq, ppzq, xrtj... */
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    position: text('position').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull().default(''),
    image: text('image').notNull(),
    /** Banner drawing: background colour and subtitle (used by /media/ads/:id.svg). */
    color: text('color').notNull().default('#1f6fb2'),
    subtitle: text('subtitle').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** Who sees it (packages/domain adAudiences): {all}, or some of visitor and new_buyer. */
    audience: text('audience').array().notNull().default(sql`'{all}'::text[]`),
  },
  (t) => [index('ads_position_idx').on(t.position, t.sort)],
);

/** Main nav (at most 9 top-level entries), children through parentId. */
export const navItems = pgTable('nav_items', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  url: text('url').notNull(),
  image: text('image'),
  isOpen: integer('is_open').notNull().default(0),
  sort: integer('sort').notNull().default(0),
});

/** Hot searches under the search box (rnss). */
export const hotSearches = pgTable('hot_searches', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Friendly links in the footer. */
export const siteLinks = pgTable('site_links', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Help categories (新手指南, 服务保障, 支付配送, 联系我们). group is the article/category category_id. */
export const helpCategories = pgTable('help_categories', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull().default(3),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const helpArticles = pgTable('help_articles', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => helpCategories.id),
  title: text('title').notNull(),
  /** Shop route, e.g. /help/xrzn/hyzc */
  path: text('path').notNull().unique(),
  /** The text as plain paragraphs (the seeded articles, search, summaries). */
  paragraphs: jsonb('paragraphs').$type<string[]>().notNull(),
  /** What the operator wrote in the console (Markdown); null for seeded articles. */
  markdown: text('markdown'),
  /** The Markdown rendered and sanitised on the server (content/markdown.ts); the shop shows it. */
  html: text('html'),
  sort: integer('sort').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** News: type hy (industry) or company. */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    source: text('source').notNull(),
    paragraphs: jsonb('paragraphs').$type<string[]>().notNull(),
    /** What the operator wrote in the console (Markdown); null for seeded news. */
    markdown: text('markdown'),
    /** The Markdown rendered and sanitised on the server (content/markdown.ts). */
    html: text('html'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('news_type_idx').on(t.type, t.publishedAt)],
);
