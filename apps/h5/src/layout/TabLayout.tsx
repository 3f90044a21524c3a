import { AppOutline, AppstoreOutline, ShopbagOutline, UserOutline } from 'antd-mobile-icons';
import { NavLink, Outlet } from 'react-router';
import { useCartCount } from '../lib/user';

const tabs = [
  { to: '/', title: '首页', icon: <AppOutline /> },
  { to: '/category', title: '分类', icon: <AppstoreOutline /> },
  { to: '/cart', title: '购物车', icon: <ShopbagOutline /> },
  { to: '/mine', title: '我的', icon: <UserOutline /> },
];

/**
 * The four tab screens above the bottom tab bar (fixed, clear of the home indicator). The bar is
 * plain links: it is on every first screen, so it carries no component library.
 */
export function TabLayout() {
  const cartCount = useCartCount();
  return (
    <div className="m-tab-page">
      <main className="m-tab-page__body">
        <Outlet />
      </main>
      <nav className="m-tabbar" aria-label="主导航">
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end className="m-tabbar__item">
            <span className="m-tabbar__icon">
              {tab.icon}
              {tab.to === '/cart' && cartCount ? (
                <span className="m-tabbar__badge" data-testid="cart-badge">
                  {cartCount > 99 ? '99+' : cartCount}
                </span>
              ) : null}
            </span>
            {tab.title}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
