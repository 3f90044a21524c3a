import {
  CustomerServiceOutlined,
  MessageOutlined,
  QrcodeOutlined,
  ShoppingCartOutlined,
  UpOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { queryKeys } from '../lib/query-keys';
import { QrPopover, useQrTargets } from './AppQr';
import { BADGE_MAX } from './api/cart-total';
import { useUserBase } from './api/user-base';
import { useCartCount } from './CartButton';
import { CountBadge } from './CountBadge';
import { HoverPanel } from './HoverPanel';
import { LotteryBanner } from './LotteryBanner';
import { SIDEBAR_CLOSED_WIDTH, SIDEBAR_OPEN_WIDTH } from './side-bar-widths';

/** The cart drawer, loaded when it first opens. */
const CartDrawer = lazy(() => import('./CartDrawer').then((m) => ({ default: m.CartDrawer })));

const qqLink = (number: string) =>
  `https://wpa.qq.com/msgrd?v=3&uin=${encodeURIComponent(number)}&site=qq&menu=yes`;

/** Customer service: chat when the buyer may chat, otherwise the two QQ contacts (spec 6). */
function ServicePanel() {
  const { user } = useUserBase(false);
  const config = user.common_config;
  if (user.is_can_chat) {
    return (
      <div className="sh-sidepop" data-testid="service-chat">
        <strong>在线客服</strong>
        {user.admin && (
          <p>
            {user.admin.name}：{user.admin.phone}
          </p>
        )}
        {config?.hot_line && <p>客服热线：{config.hot_line}</p>}
        <Link to="/help/fwbz/zskf">专属客服服务说明</Link>
      </div>
    );
  }
  return (
    <div className="sh-sidepop" data-testid="service-qq">
      <strong>QQ客服</strong>
      {[config?.qq1, config?.qq2].map((qq) =>
        qq?.number ? (
          <a key={qq.number} href={qqLink(qq.number)} target="_blank" rel="noopener noreferrer">
            {qq.name}（{qq.number}）
          </a>
        ) : null,
      )}
      {config?.hot_line && <p>客服热线：{config.hot_line}</p>}
    </div>
  );
}

/**
 * The fixed right side bar (spec 2): profile, cart drawer (40 -> 310 px), messages, service, QR,
 * the lottery's entry where it is offered, back to top. Closed it is a compact stack at mid-height
 * (the top bar and header keep their right edge); the drawer opens only when asked for. Spec 4 has
 * it open by itself on cart step 1, but there it covered the top bar's right links and a third of
 * the page while repeating the list the cart page shows (issue 30), so the cart page leaves it shut.
 */
export function SideBar({ lottery }: { lottery: boolean }) {
  const { user } = useUserBase(false);
  const cartCount = useCartCount();
  const queryClient = useQueryClient();
  const targets = useQrTargets();
  const { pathname } = useLocation();
  // Open on the page where it was opened: the page the drawer leads to (the cart) replaces it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  const toggleCart = () => {
    if (!open) void queryClient.invalidateQueries({ queryKey: queryKeys.cartTotal });
    setOpenOn(open ? null : pathname);
  };

  return (
    <aside
      className={open ? 'sh-sidebar is-open' : 'sh-sidebar'}
      style={{ width: open ? SIDEBAR_OPEN_WIDTH : SIDEBAR_CLOSED_WIDTH }}
      data-testid="side-bar"
      data-open={open}
    >
      {open && (
        <Suspense fallback={<div className="sh-drawer" />}>
          <CartDrawer />
        </Suspense>
      )}
      <div className="sh-sidebar__bar">
        <Link to="/user" className="sh-sidebar__btn" title="会员中心">
          <UserOutlined />
        </Link>
        <button
          type="button"
          className="sh-sidebar__btn sh-sidebar__cart"
          onClick={toggleCart}
          data-testid="side-cart"
        >
          <ShoppingCartOutlined />
          <span className="sh-sidebar__vert">购物车</span>
          <CountBadge count={cartCount} max={BADGE_MAX} small showZero />
        </button>
        <Link to="/wdxx" className="sh-sidebar__btn" title="我的消息" data-testid="side-messages">
          <span className="sh-sidebar__msg">
            <MessageOutlined style={{ color: '#fff' }} />
            <CountBadge count={user.message_count ?? 0} max={BADGE_MAX} small />
          </span>
        </Link>
        <HoverPanel
          placement="left"
          trigger={
            <button type="button" className="sh-sidebar__btn" title="客服" data-testid="side-service">
              <CustomerServiceOutlined />
            </button>
          }
        >
          <ServicePanel />
        </HoverPanel>
        <QrPopover placement="left" value={targets.wechat} caption="关注药采公众号">
          <button type="button" className="sh-sidebar__btn" title="二维码">
            <QrcodeOutlined />
          </button>
        </QrPopover>
        {lottery && <LotteryBanner />}
        <button
          type="button"
          className="sh-sidebar__btn sh-sidebar__top"
          title="返回顶部"
          data-testid="back-to-top"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <UpOutlined />
        </button>
      </div>
    </aside>
  );
}
