import type { PermissionCode } from '@yaocai/domain';
import type { ComponentType } from 'react';

/** The side menu's groups, in menu order. */
export const menuGroups = [
  { key: 'home', title: '首页' },
  { key: 'order', title: '订单' },
  { key: 'finance', title: '财务' },
  { key: 'goods', title: '商品' },
  { key: 'promotion', title: '营销' },
  { key: 'content', title: '内容' },
  { key: 'buyer', title: '会员' },
  { key: 'system', title: '系统' },
] as const;
export type MenuGroup = (typeof menuGroups)[number]['key'];

/** One console screen: everything the router, menu, breadcrumbs and access guard need. */
export interface ConsoleRoute {
  /** Path under /admin, React Router syntax. */
  path: string;
  title: string;
  /** Menu group; a route without one (a detail screen) is not in the menu. */
  group?: MenuGroup;
  icon?: ComponentType;
  /** What the operator must hold to open the screen; without it any operator may. */
  permission?: PermissionCode;
  /** The path of the breadcrumb parent (a detail screen's list). */
  parent?: string;
  /** The screen, loaded on first visit (its own chunk). */
  page: () => Promise<{ default: ComponentType }>;
}
