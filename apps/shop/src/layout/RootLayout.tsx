import { HiddenHeading } from '@yaocai/web-client/sr-only';
import { Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import type { AppRoute } from '../app/route-types';
import { loginRedirectTarget } from '../lib/http';
import { consumeLoginFlag } from '../lib/session';
import { documentTitle, useSite } from './api/site';
import { loadsUserBaseOnEntry, useUserBase } from './api/user-base';
import { CategoryMenu } from './CategoryMenu';
import { Footer } from './Footer';
import { Header, LoginHeader } from './Header';
import { showsLotteryBanner } from './LotteryBanner';
import { MemberLayout } from './MemberLayout';
import { MobileSiteOffer } from './MobileSiteOffer';
import { Nav } from './Nav';
import { SideBar } from './SideBar';
import { StickySearch } from './search/StickySearch';
import { TopAd } from './TopAd';
import { TopBar } from './TopBar';
import '@yaocai/web-client/readable-tags.css';
import './layout.css';

/** The current route's table entry (the deepest match that has one). */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as AppRoute | undefined;
    if (handle?.flags) return handle;
  }
  return undefined;
}

/** Document title `{route title}-{site title}`. */
function useDocumentTitle(route: AppRoute | undefined) {
  const site = useSite();
  const title = documentTitle(route?.title, site.data?.title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The session-login-flag rule: after a navigation following login, reload once. */
function useLoginFlagReload() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (consumeLoginFlag()) window.location.reload();
  }, [location.key]);
}

/** Member routes: visitors go to the login page, back here afterwards. */
function RequireLogin() {
  const { user, isPending } = useUserBase(true);
  const location = useLocation();
  // The same screen-tall stand-in as a page's code loading: the footer stays below the fold.
  if (isPending && !user.show) return <div className="sh-page-loading" />;
  if (!user.is_login)
    return <Navigate to={loginRedirectTarget(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}

/**
 * The page area. On home the category menu stays open over the page's top-left corner
 * (210 px wide, `--sh-menu-width`), marked by data-menu-expanded for the page's own layout.
 * Under the shop's header it is a screen tall (data-header): the footer starts below the fold
 * and stays there while the page's data arrives, instead of moving down the screen each time
 * the page grows (layout shift).
 */
function Page({ route }: { route: AppRoute | undefined }) {
  const page = route?.flags.requiresLogin ? <RequireLogin /> : <Outlet />;
  return (
    <main
      className="sh-main"
      data-menu-expanded={route?.flags.menuExpanded || undefined}
      data-header={route?.flags.header || undefined}
    >
      {route?.title && !route.ownHeading && <HiddenHeading>{route.title}</HiddenHeading>}
      <Suspense fallback={<div className="sh-page-loading">加载中...</div>}>
        {route?.flags.memberLayout ? <MemberLayout route={route} outlet={page} /> : page}
      </Suspense>
    </main>
  );
}

export function RootLayout() {
  const route = useCurrentRoute();
  const flags = route?.flags;
  useDocumentTitle(route);
  useLoginFlagReload();
  useUserBase(loadsUserBaseOnEntry(route?.name));

  return (
    <div className="sh-app">
      {flags?.topAd && <TopAd />}
      {flags?.header && <TopBar isHome={route?.name === 'index'} />}
      {flags?.header && <Header />}
      {flags?.loginHeader && <LoginHeader title={route?.title} />}
      {flags?.header && <StickySearch />}
      {(flags?.menu || flags?.nav) && (
        <div className="sh-navbar">
          <div className="sh-container sh-navbar__inner">
            {flags.menu ? <CategoryMenu variant={flags.menu} expanded={flags.menuExpanded} /> : null}
            {flags.nav && <Nav />}
          </div>
        </div>
      )}
      <Page route={route} />
      {flags?.sideBar && <SideBar lottery={showsLotteryBanner(route?.name)} />}
      {flags?.footer && <Footer />}
      <MobileSiteOffer />
      <ScrollRestoration getKey={(location) => location.pathname} />
    </div>
  );
}
