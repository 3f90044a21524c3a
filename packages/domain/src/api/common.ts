import { z } from 'zod';

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
