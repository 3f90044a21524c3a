import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ConsoleLayout } from '../layout/ConsoleLayout';
import { HomeRedirect } from '../layout/HomeRedirect';
import { PageError } from '../layout/PageError';
import { consoleRoutes } from './routes';

/** Routes built from the route table; each page is its own chunk, loaded on first visit. */
const screens: RouteObject[] = consoleRoutes.map((route) => ({
  path: route.path.slice(1),
  handle: route,
  errorElement: <PageError />,
  lazy: async () => ({ Component: (await route.page()).default }),
}));

export const router = createBrowserRouter(
  [
    {
      path: '/login',
      lazy: async () => ({ Component: (await import('../features/auth/pages/LoginPage')).default }),
    },
    {
      path: '/',
      element: <ConsoleLayout />,
      HydrateFallback: () => null,
      children: [
        { index: true, element: <HomeRedirect /> },
        ...screens,
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
);
