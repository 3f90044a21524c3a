import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Empty, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useCartTotal } from './api/cart-total';
import { useUserBase } from './api/user-base';

/** The cart feature's lines list, loaded when the drawer first opens (keeps it out of the first load). */
const CartDrawerContent = lazy(() =>
  import('../features/cart/components/CartDrawerContent').then((module) => ({
    default: module.CartDrawerContent,
  })),
);

/**
 * The cart drawer's panel: the compact lines list of the cart feature (GET /api/cart/list),
 * refetched on every cart change while the drawer is open.
 */
export function CartDrawer() {
  const { user } = useUserBase(false);
  const total = useCartTotal(user.is_login);
  const location = useLocation();
  const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
  const count = total.data ?? 0;
  return (
    <section className="sh-drawer" data-testid="cart-drawer" aria-label="购物车">
      <header className="sh-drawer__head">
        <ShoppingCartOutlined /> 购物车
      </header>
      <div className="sh-drawer__body">
        {!user.is_login ? (
          <div className="sh-drawer__empty">
            <p>登录后可查看购物车中的商品</p>
            <Link to={`/login?redirect=${redirect}`}>
              <Button type="primary">立即登录</Button>
            </Link>
          </div>
        ) : count === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="购物车空空如也~" />
        ) : (
          <Suspense fallback={<Spin style={{ display: 'block', marginTop: 40 }} />}>
            <CartDrawerContent />
          </Suspense>
        )}
      </div>
      {user.is_login && count > 0 && (
        <footer className="sh-drawer__foot">
          <Link to="/cart">
            <Button type="primary" danger block>
              去购物车结算
            </Button>
          </Link>
        </footer>
      )}
    </section>
  );
}
