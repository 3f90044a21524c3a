import { useQuery } from '@tanstack/react-query';
import type { AdItem, HelpCategory, LinkItem, SiteInfo } from '@yaocai/domain';
import { http } from '../../lib/http';
import { queryKeys } from '../../lib/query-keys';

export const DEFAULT_SITE_TITLE = '药采';
const long = 10 * 60_000;

export const fetchSite = () => http.get<SiteInfo>('/api/global/site', { silent: true });
export const useSite = () => useQuery({ queryKey: queryKeys.site, queryFn: fetchSite, staleTime: long });

export const fetchLinks = () => http.get<LinkItem[]>('/api/global/links', { silent: true });
export const useLinks = (enabled = true) =>
  useQuery({ queryKey: queryKeys.links, queryFn: fetchLinks, staleTime: long, enabled });

export const fetchTopAds = () => http.get<AdItem[]>('/api/focus/top', { silent: true });
export const useTopAds = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.topAds, queryFn: fetchTopAds, staleTime: long, enabled });

export const fetchHelpCategories = () =>
  http.get<HelpCategory[]>('/api/article/category', { params: { category_id: 3 }, silent: true });
export const useHelpCategories = (enabled = true) =>
  useQuery({ queryKey: queryKeys.helpCategories, queryFn: fetchHelpCategories, staleTime: long, enabled });

/** Footer help list: the first 4 children of each help category (spec 9). */
export const FOOTER_HELP_CHILDREN = 4;
export function footerHelp(categories: HelpCategory[]): HelpCategory[] {
  return categories.map((category) => ({
    ...category,
    children: category.children.slice(0, FOOTER_HELP_CHILDREN),
  }));
}

/** Document title `{route title}-{site title}` (spec 2). */
export function documentTitle(routeTitle: string | undefined, siteTitle: string | undefined): string {
  const site = siteTitle || DEFAULT_SITE_TITLE;
  return routeTitle ? `${routeTitle}-${site}` : site;
}
