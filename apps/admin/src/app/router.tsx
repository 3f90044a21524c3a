import { createBrowserRouter, Navigate } from 'react-router';
import { Building } from '../components/Building';
import LoginPage from '../features/auth/pages/LoginPage';
import { ConsoleLayout, consoleMenu } from '../layout/ConsoleLayout';

/** Console routes (under /admin). Screens of later work show which feature is being built. */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      element: <ConsoleLayout />,
      children: [
        { index: true, element: <Navigate to="/orders" replace /> },
        ...consoleMenu.map((item) => ({
          path: `${item.key.slice(1)}/*`,
          element: <Building feature={item.label} />,
        })),
        { path: '*', element: <Navigate to="/orders" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
);
