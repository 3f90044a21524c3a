import { z } from 'zod';
import { pageNumber } from './input';

/** Category menu item (spec section 3): id, name, logo, logo1, children. */
export interface CategoryMenuItem {
  id: number;
  name: string;
  logo: string | null;
  logo1: string | null;
  children: CategoryMenuItem[];
}
export const categoryMenuItem: z.ZodType<CategoryMenuItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    logo: z.string().nullable(),
    logo1: z.string().nullable(),
    children: z.array(categoryMenuItem),
  }),
);

export interface NavItem {
  id: number;
  name: string;
  url: string;
  image: string | null;
  /** Open in a new window. */
  is_open: number;
  children: NavItem[];
}
export const navItem: z.ZodType<NavItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    image: z.string().nullable(),
    is_open: z.number().int(),
    children: z.array(navItem),
  }),
);

export const hotSearchItem = z.object({ name: z.string(), url: z.string() });
export const brandItem = z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() });

/** GET /api/focus/common: everything the header and menus need. */
export const headerCommonData = z.object({
  rnss: z.array(hotSearchItem),
  nav: z.array(navItem),
  category: z.array(categoryMenuItem),
  category_yx: z.array(categoryMenuItem),
  category_zy: z.array(categoryMenuItem),
  category_qx: z.array(categoryMenuItem),
  brand: z.array(brandItem),
  /** Server clock, 10-digit seconds. */
  timestamp: z.number().int(),
});
export type HeaderCommonData = z.infer<typeof headerCommonData>;

/** Ad item (spec: url, image) — focus/top, focus/right and the banner calls. */
export const adItem = z.object({
  id: z.number().int(),
  url: z.string(),
  image: z.string(),
  title: z.string(),
});
export type AdItem = z.infer<typeof adItem>;

/** GET /api/global/links: data is a list of links. */
export const linkItem = z.object({ name: z.string(), url: z.string() });

/** GET /api/article/category: help categories, each with its article children (id, name). */
export const helpCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  children: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string() })),
});
export type HelpCategory = z.infer<typeof helpCategory>;

/** Footer and site data the footer shows (licences, notices, QR codes). */
export const siteFooter = z.object({
  company: z.string(),
  address: z.string(),
  licences: z.array(z.object({ name: z.string(), number: z.string() })),
  icp: z.string(),
  notices: z.array(z.string()),
});
export type SiteFooter = z.infer<typeof siteFooter>;

/** GET /api/global/site: the site title, footer data and the two QR code targets. */
export const siteInfo = z.object({
  title: z.string(),
  footer: siteFooter,
  /** Addresses the QR codes encode (drawn locally as SVG). */
  qr: z.object({ wechat: z.string(), app: z.string() }),
});
export type SiteInfo = z.infer<typeof siteInfo>;
export type LinkItem = z.infer<typeof linkItem>;

/** GET /api/article/help?path=/help/xrzn/hyzc: one help article. */
export const helpArticle = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  /** The shop route the article answers (help/xrzn/hyzc...). */
  path: z.string(),
  paragraphs: z.array(z.string()),
  /** Set when written in the console: the server's sanitised rendering of its Markdown. */
  html: z.string().nullable(),
  updated_at: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticle>;

export const newsType = z.enum(['hy', 'company']);
export type NewsType = z.infer<typeof newsType>;

/** GET /api/news?type=hy|company&page=1 */
export const newsListQuery = z.object({ type: newsType, page: pageNumber });
export const newsSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  published_at: z.string(),
  type: newsType,
});
export type NewsSummary = z.infer<typeof newsSummary>;
export const newsListData = z.object({
  list: z.array(newsSummary),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type NewsListData = z.infer<typeof newsListData>;

/** GET /api/news/{id} */
export const newsArticle = z.object({
  id: z.number().int(),
  title: z.string(),
  type: newsType,
  source: z.string(),
  published_at: z.string(),
  paragraphs: z.array(z.string()),
  /** Set when written in the console: the server's sanitised rendering of its Markdown. */
  html: z.string().nullable(),
});
export type NewsArticle = z.infer<typeof newsArticle>;

/** Goods search suggestions: GET /api/goods/search?keywords=&type=0|1 -> string[]. */
export const searchType = z.union([z.literal(0), z.literal(1)]);
export type SearchType = z.infer<typeof searchType>;
