import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { BADGE_MAX, useCartTotal } from './api/cart-total';
import { useUserBase } from './api/user-base';
import { CountBadge } from './CountBadge';

/** Cart line count for the badges: the cart total call, else the count in the user info. */
export function useCartCount(): number {
  const { user } = useUserBase(false);
  const total = useCartTotal(user.is_login);
  return total.data ?? user.cart?.count ?? 0;
}

/** Header cart button with the line-count badge capped at 99 (spec 9). */
export function CartButton() {
  const count = useCartCount();
  return (
    <Link to="/cart" className="sh-cartbtn" data-testid="header-cart">
      <ShoppingCartOutlined className="sh-cartbtn__icon" />
      <span>我的购物车</span>
      <CountBadge count={count} max={BADGE_MAX} showZero className="sh-cartbtn__badge" />
    </Link>
  );
}
