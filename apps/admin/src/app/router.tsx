import type { JSX } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Building } from '../components/Building';
import LoginPage from '../features/auth/pages/LoginPage';
import AfterSalesConsole from '../features/order/pages/AfterSalesConsole';
import CreditConsole from '../features/order/pages/CreditConsole';
import OrdersConsole from '../features/order/pages/OrdersConsole';
import ReceiptsConsole from '../features/order/pages/ReceiptsConsole';
import { ConsoleLayout, consoleMenu } from '../layout/ConsoleLayout';

/** Console screens by menu key; the others show which feature is being built. */
const screens: Record<string, JSX.Element> = {
  '/orders': <OrdersConsole />,
  '/after-sales': <AfterSalesConsole />,
  '/receipts': <ReceiptsConsole />,
  '/credit': <CreditConsole />,
};

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
          element: screens[item.key] ?? <Building feature={item.label} />,
        })),
        { path: '*', element: <Navigate to="/orders" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
);
