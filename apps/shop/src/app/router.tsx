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
  return {
    path: route.path,
    handle,
    errorElement: <PageError />,
    loader: isGuarded(route) ? guardLoader(route) : undefined,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

export const routeObjects: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: () => null,
    children: [...routeTable.map(toRouteObject), { path: '*', loader: () => redirect('/404') }],
  },
];

export const router = createBrowserRouter(routeObjects);
