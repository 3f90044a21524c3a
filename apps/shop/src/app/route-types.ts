import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import type { FlowStep } from '../lib/flow-state';

/** Which category menu a route shows (spec: preferred, self-operated, clearance, normal). */
export type MenuVariant = 'normal' | 'yx' | 'zy' | 'qx';

/** Display flags every route carries (spec section 2). */
export interface RouteFlags {
  /** Full header: logo, search box, cart button. */
  header: boolean;
  /** Login-style header (logo and page name only), used by login, registration, password reset. */
  loginHeader: boolean;
  footer: boolean;
  sideBar: boolean;
  /** Category menu variant, or false for none. */
  menu: MenuVariant | false;
  /** Menu shown expanded (home) instead of on hover. */
  menuExpanded: boolean;
  nav: boolean;
  /** The closable top-right ad. */
  topAd: boolean;
  /** Cart-flow step 1 to 4. */
  cartStep?: 1 | 2 | 3 | 4;
  /** Visitors are sent to /login. */
  requiresLogin: boolean;
  /** Only for visitors (login, registration): a logged-in buyer is sent to the member centre. */
  guestOnly?: boolean;
  /** The member centre's layout: its side menu (built from `memberMenu` entries) beside the page. */
  memberLayout?: boolean;
}

/** The member centre's side-menu groups, in their order. */
export const memberMenuGroups = ['会员中心', '订单中心', '我的钱包', '自助服务', '账户设置'] as const;
export type MemberMenuGroup = (typeof memberMenuGroups)[number];

export type PageModule = { default: ComponentType };

export interface AppRoute {
  /** Route name (the spec's, where it gives one). */
  name: string;
  /** Absolute path pattern (React Router syntax). */
  path: string;
  /** Route title; the document title is `{title}-{site title}`. Undefined: site title only. */
  title?: string;
  /**
   * The page draws its own top heading (a banner's or a zone's title, the goods name, the login
   * card, an article). Every other page gets the route's title as a hidden h1 from the layout,
   * so each page has one top heading (axe: page-has-heading-one) that names it.
   */
  ownHeading?: boolean;
  /** Static redirect target, or a function of the params. */
  redirect?: string | ((params: Record<string, string | undefined>) => string);
  /** Leave the SPA for this address (eleven_index). */
  external?: string;
  flags: RouteFlags;
  /**
   * A step of a multi-step flow (registration, password reset, checkout): opened without what
   * it requires, it sends the buyer to where the flow starts (app/route-guard.ts).
   */
  flow?: FlowStep;
  /** The page, loaded lazily (absent only on redirect and external routes). */
  page?: () => Promise<PageModule>;
  /**
   * The page's first call, started by the route's loader beside the page's code (the page's own
   * query then finds it in flight or answered), so the call does not wait for the code.
   */
  prefetch?: (args: LoaderFunctionArgs) => Promise<void>;
  /**
   * The member centre's side-menu entry of this route (a route without a page is never listed).
   * `under`: a detail page highlights its list's entry (order_info under order).
   */
  memberMenu?: { group: MemberMenuGroup; label?: string } | { under: string };
}
