import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { PageError } from '../components/PageError';
import { RootLayout } from '../layout/RootLayout';
import { guardLoader, isGuarded } from './route-guard';
import type { AppRoute } from './route-types';
import { routeTable } from './routes';

function toRouteObject(route: AppRoute): RouteObject {
  const handle = route;
  if (route.redirect) {
    const target = route.redirect;
    return {
      path: route.path,
      handle,
      loader: ({ params }: LoaderFunctionArgs) =>
        redirect(typeof target === 'string' ? target : target(params)),
    };
  }
  if (route.external) {
    const address = route.external;
    return {
      path: route.path,
      handle,
      loader: () => {
        window.location.replace(address);
        return null;
      },
      element: null,
    };
  }
  const load = route.page;
  // The route-table test holds every route to a page, a redirect or an external address.
  if (!load) throw new Error(`route ${route.name} has no page`);
  const guard = isGuarded(route) ? guardLoader(route) : undefined;
  return {
    path: route.path,
    handle,
    errorElement: <PageError />,
    // The page's code is loaded by its loader, not by the router's `lazy` (which starts beside
    // the loader), and only once the guard let the viewer in: a visitor sent on from a member
    // page to the login page, or a buyer sent on from the login page to the member centre,
    // never downloads the page they could not open.
    loader: async (args: LoaderFunctionArgs) => {
      const stop = guard ? await guard(args) : null;
      if (stop) return stop;
      // Started beside the page's code, never awaited: a failed call is the page's to show,
      // through its own query.
      route.prefetch?.(args).catch(() => undefined);
      pages.set(route.name, (await load()).default);
      return null;
    },
    Component: () => {
      const Page = pages.get(route.name);
      return Page ? <Page /> : null;
    },
  };
}

/** Each route's page component, once its loader loaded it (rendering follows the loader). */
const pages = new Map<string, ComponentType>();

export const routeObjects: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: () => null,
    children: [...routeTable.map(toRouteObject), { path: '*', loader: () => redirect('/404') }],
  },
];

export const router = createBrowserRouter(routeObjects);
