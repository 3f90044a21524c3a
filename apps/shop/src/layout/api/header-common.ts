import { useQuery } from '@tanstack/react-query';
import type { CategoryMenuItem, HeaderCommonData } from '@yaocai/domain';
import type { MenuVariant } from '../../app/route-types';
import { http } from '../../lib/http';
import { queryKeys } from '../../lib/query-keys';

export const fetchHeaderCommon = () => http.get<HeaderCommonData>('/api/focus/common', { silent: true });

export function useHeaderCommon() {
  return useQuery({ queryKey: queryKeys.headerCommon, queryFn: fetchHeaderCommon, staleTime: 5 * 60_000 });
}

/** Which menu tree a route's menu variant shows (spec 2: preferred, self-operated, clearance, normal). */
export function menuTree(data: HeaderCommonData | undefined, variant: MenuVariant): CategoryMenuItem[] {
  if (!data) return [];
  switch (variant) {
    case 'yx':
      return data.category_yx;
    case 'zy':
      return data.category_zy;
    case 'qx':
      return data.category_qx;
    default:
      return data.category;
  }
}

/** The list page a category of each menu variant opens. */
export function categoryLink(variant: MenuVariant, item: Pick<CategoryMenuItem, 'id' | 'name'>): string {
  switch (variant) {
    case 'yx':
      return `/yx?category_id=${item.id}`;
    case 'zy':
      return `/zyyp?category_id=${item.id}`;
    case 'qx':
      return `/qxzq?category_id=${item.id}`;
    default:
      return `/list/other/${item.id}/${encodeURIComponent(item.name)}`;
  }
}

export const MENU_CATEGORY_LIMIT = 7;
export const NAV_LIMIT = 9;
