import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageError } from '../components/PageError';
import { goodsDetailQuery, goodsPagesQuery } from '../features/catalog/api/catalog';
import { readListParams } from '../features/catalog/list-params';
import HomePage from '../features/home/HomePage';
import { TabLayout } from '../layout/TabLayout';
import { queryClient } from '../lib/query-client';

/** Each screen is its own chunk: a phone loads only the screen it opens (route-level lazy loading). */
const page =
  (load: () => Promise<{ default: React.ComponentType }>): RouteObject['lazy'] =>
  async () => ({ Component: (await load()).default });

/**
 * A loader that starts a screen's first call and returns at once: React Router runs it beside the
 * screen's lazy code, so on a slow phone the call no longer waits for the code to arrive (the
 * screen's hook then finds it in flight or answered). Never awaited: a failure is the screen's to
 * show, through its own query.
 */
function starting(prefetch: Promise<void>): null {
  prefetch.catch(() => undefined);
  return null;
}

/** The route table: tab screens inside the tab bar's layout, the rest full screen. */
export const routes: RouteObject[] = [
  {
    errorElement: <PageError />,
    // The first screen's code loads before anything is drawn (as in the shop and console).
    HydrateFallback: () => null,
    children: [
      {
        Component: TabLayout,
        children: [
          // Home is where most visits land: its code comes with the app's, without a round trip.
          { index: true, Component: HomePage },
          { path: 'category', lazy: page(() => import('../features/catalog/CategoryPage')) },
          { path: 'cart', lazy: page(() => import('../features/cart/CartPage')) },
          { path: 'mine', lazy: page(() => import('../features/account/MinePage')) },
        ],
      },
      { path: 'search', lazy: page(() => import('../features/catalog/SearchPage')) },
      {
        path: 'list',
        loader: ({ request }) =>
          starting(
            queryClient.prefetchInfiniteQuery(
              goodsPagesQuery(readListParams(new URL(request.url).searchParams)),
            ),
          ),
        lazy: page(() => import('../features/catalog/ListPage')),
      },
      {
        path: 'goods/:id',
        loader: ({ params }) => {
          const id = Number(params.id);
          // prefetchQuery ignores `enabled`: an address like /goods/abc asks nothing.
          return Number.isInteger(id) && id > 0
            ? starting(queryClient.prefetchQuery(goodsDetailQuery(id)))
            : null;
        },
        lazy: page(() => import('../features/catalog/DetailPage')),
      },
      { path: 'login', lazy: page(() => import('../features/account/LoginPage')) },
      { path: 'register', lazy: page(() => import('../features/account/RegisterPage')) },
      { path: 'forget', lazy: page(() => import('../features/account/ForgetPage')) },
      { path: 'checkout', lazy: page(() => import('../features/order/CheckoutPage')) },
      { path: 'pay/:id', lazy: page(() => import('../features/order/PayPage')) },
      { path: 'orders', lazy: page(() => import('../features/order/OrdersPage')) },
      { path: 'orders/:id', lazy: page(() => import('../features/order/OrderDetailPage')) },
      { path: 'orders/:id/after-sale', lazy: page(() => import('../features/order/AfterSaleApplyPage')) },
      { path: 'after-sales/:id', lazy: page(() => import('../features/order/AfterSaleDetailPage')) },
      { path: 'wallet', lazy: page(() => import('../features/member/WalletPage')) },
      { path: 'coupons', lazy: page(() => import('../features/member/CouponsPage')) },
      { path: 'favorites', lazy: page(() => import('../features/member/FavoritesPage')) },
      { path: 'licences', lazy: page(() => import('../features/member/LicencesPage')) },
      { path: 'addresses', lazy: page(() => import('../features/member/AddressesPage')) },
      { path: 'addresses/new', lazy: page(() => import('../features/member/AddressFormPage')) },
      { path: 'addresses/:id/edit', lazy: page(() => import('../features/member/AddressFormPage')) },
      { path: 'messages', lazy: page(() => import('../features/message/MessagesPage')) },
      { path: 'coupon-centre', lazy: page(() => import('../features/promotion/CouponCentrePage')) },
      { path: 'lottery', lazy: page(() => import('../features/promotion/LotteryPage')) },
      { path: 'prizes', lazy: page(() => import('../features/promotion/PrizesPage')) },
      { path: 'points', lazy: page(() => import('../features/points/PointsPage')) },
      { path: 'points-mall', lazy: page(() => import('../features/points/PointsMallPage')) },
      { path: '*', lazy: page(() => import('../components/NotFound')) },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/m' });
