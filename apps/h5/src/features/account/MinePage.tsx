import { ORDER_TABS } from '@yaocai/domain/order/state-machine';
import Button from 'antd-mobile/es/components/button';
import Grid from 'antd-mobile/es/components/grid';
import List from 'antd-mobile/es/components/list';
import { Link, useNavigate } from 'react-router';
import { PcSiteLink } from '../../components/PcSiteLink';
import { useUserBase } from '../../lib/user';
import { useLogout } from './api/user';

/** The first four order tabs, opened straight from the member centre. */
const orderTabs = ORDER_TABS.slice(0, 4);

const memberLinks = [
  { to: '/orders?tab=after_sale', label: '退货 / 售后' },
  { to: '/wallet', label: '我的余额' },
  { to: '/coupons', label: '我的优惠券' },
  { to: '/favorites', label: '我的收藏' },
  { to: '/coupon-centre', label: '领券中心' },
  { to: '/points', label: '我的积分' },
  { to: '/points-mall', label: '积分商城' },
  { to: '/lottery', label: '幸运抽奖' },
  { to: '/licences', label: '资质证件' },
  { to: '/addresses', label: '收货地址' },
];

export default function MinePage() {
  const user = useUserBase();
  const logout = useLogout();
  const navigate = useNavigate();
  const signedIn = user.data?.is_login === true;

  return (
    <div className="m-mine">
      <section className="m-mine__head">
        {signedIn ? (
          <>
            <h1 className="m-mine__name">{user.data?.store_name || user.data?.company}</h1>
            <p className="m-mine__sub">
              {user.data?.name} {user.data?.phone} · 积分 {user.data?.points}
            </p>
            {user.data?.is_passed ? null : (
              <p className="m-mine__pending" data-testid="mine-pending">
                资质审核中，审核通过后即可下单采购
              </p>
            )}
          </>
        ) : (
          <Button color="primary" fill="outline" onClick={() => navigate('/login?redirect=%2Fmine')}>
            登录 / 注册
          </Button>
        )}
      </section>
      {signedIn ? (
        <>
          <List header="我的订单">
            <List.Item onClick={() => navigate('/orders')} extra="全部订单" arrowIcon>
              订单
            </List.Item>
          </List>
          <Grid columns={4} className="m-mine__orders">
            {orderTabs.map((item) => (
              <Grid.Item key={item.key}>
                <Link className="m-mine__order-tab" to={`/orders?tab=${item.key}`}>
                  {item.label}
                </Link>
              </Grid.Item>
            ))}
          </Grid>
          <List header="我的服务">
            <List.Item
              onClick={() => navigate('/messages')}
              extra={
                user.data?.message_count ? (
                  <span className="m-count">
                    {user.data.message_count > 99 ? '99+' : user.data.message_count}
                    <span className="m-hidden">条未读</span>
                  </span>
                ) : undefined
              }
              arrowIcon
            >
              消息
            </List.Item>
            {memberLinks.map((link) => (
              <List.Item key={link.to} onClick={() => navigate(link.to)} arrowIcon>
                {link.label}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
      <List header="更多">
        <List.Item extra={<PcSiteLink />}>电脑版</List.Item>
        {user.data?.common_config.hot_line ? (
          <List.Item
            extra={<a href={`tel:${user.data.common_config.hot_line}`}>{user.data.common_config.hot_line}</a>}
          >
            客服电话
          </List.Item>
        ) : null}
      </List>
      {signedIn ? (
        <div className="m-pad">
          <Button
            block
            color="danger"
            fill="outline"
            loading={logout.isPending}
            onClick={() => logout.mutate()}
          >
            退出登录
          </Button>
        </div>
      ) : null}
    </div>
  );
}
