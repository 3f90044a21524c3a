import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import type { AppRoute } from '../app/route-types';

const SITE_TITLE = '药采';

/** The current route's table entry (the deepest match that has one). */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as AppRoute | undefined;
    if (handle?.flags) return handle;
  }
  return undefined;
}

export function RootLayout() {
  const route = useCurrentRoute();
  useEffect(() => {
    document.title = route?.title ? `${route.title}-${SITE_TITLE}` : SITE_TITLE;
  }, [route]);
  return (
    <>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <ScrollRestoration getKey={(location) => location.pathname} />
    </>
  );
}
