import type { RewardView } from '@yaocai/domain';
import { beijingDateText, beijingDateTimeText } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Empty, Spin, Tag } from 'antd';
import { Link } from 'react-router';
import { Card } from '../../../components/Card';
import { LightTable } from '../../../components/LightTable';
import { useUserBase } from '../../../layout/api/user-base';
import { useRedeem, useRedemptions, useRewards } from '../api/points';

/** One reward: picture, name, points, stock and the store's limit; redeem after confirming. */
function RewardCard({ reward, points, loggedIn }: { reward: RewardView; points: number; loggedIn: boolean }) {
  const { modal, message } = useFeedback();
  const redeem = useRedeem();
  const left = reward.per_store_limit - reward.redeemed;
  const reason =
    reward.stock <= 0
      ? '已兑完'
      : left <= 0
        ? '已达兑换上限'
        : loggedIn && points < reward.points
          ? '积分不足'
          : null;
  const confirm = () =>
    modal.confirm({
      title: '确认兑换',
      content: `使用 ${reward.points} 积分兑换「${reward.name}」？${reward.kind === 'goods' ? '礼品将生成0元订单，发往您的默认收货地址。' : '优惠券将立即发放到您的账户。'}`,
      okText: '兑换',
      cancelText: '取消',
      onOk: async () => {
        const done = await redeem.mutateAsync(reward.id);
        message.success(done.order_id ? '兑换成功，礼品订单已生成' : '兑换成功，优惠券已发放');
      },
    });
  return (
    <Card
      size="small"
      className="sh-reward"
      data-testid="reward-card"
      cover={
        // antd makes every direct child of the cover a full-width block: the flex box sits inside.
        <div>
          <div className="sh-reward__cover">
            {reward.image ? (
              <img src={reward.image} alt={reward.name} width={160} height={160} loading="lazy" />
            ) : (
              <span className="sh-reward__coupon">{reward.name}</span>
            )}
          </div>
        </div>
      }
    >
      <div className="sh-reward__name">
        <Tag color={reward.kind === 'goods' ? 'green' : 'orange'}>
          {reward.kind === 'goods' ? '实物' : '优惠券'}
        </Tag>
        {reward.name}
      </div>
      {reward.description && <p className="sh-reward__desc">{reward.description}</p>}
      <div className="sh-reward__points">{reward.points} 积分</div>
      <div className="sh-reward__meta">
        剩余 {reward.stock} · 每店限兑 {reward.per_store_limit} · {beijingDateText(reward.ends_at)} 截止
      </div>
      {loggedIn ? (
        <Button type="primary" block disabled={!!reason} onClick={confirm} data-testid="reward-redeem">
          {reason ?? '立即兑换'}
        </Button>
      ) : (
        <Link to="/login">
          <Button block>登录后兑换</Button>
        </Link>
      )}
    </Card>
  );
}

/** /jfsc 积分商城: rewards on offer, the store's balance and its redemptions. */
export default function PointsMallPage() {
  const { user } = useUserBase(false);
  const rewards = useRewards();
  const loggedIn = !!user.is_login;
  const redemptions = useRedemptions(loggedIn);
  return (
    <div className="sh-container" style={{ padding: '16px 0' }} data-testid="points-mall">
      <Card
        title="积分商城"
        extra={
          loggedIn ? (
            <span>
              我的积分 <strong data-testid="mall-points">{user.points ?? 0}</strong>
              <Link to="/jfmx" style={{ marginLeft: 12 }}>
                积分明细
              </Link>
            </span>
          ) : (
            <Link to="/login">登录查看积分</Link>
          )
        }
      >
        <p style={{ color: '#666', marginTop: 0 }}>
          订单确认收货后按实付金额赠送积分，积分可兑换礼品和优惠券，也可在结算时抵扣货款。
        </p>
        {rewards.isPending ? (
          <Spin />
        ) : rewards.data?.length ? (
          <div className="sh-reward-grid">
            {rewards.data.map((r) => (
              <RewardCard key={r.id} reward={r} points={user.points ?? 0} loggedIn={loggedIn} />
            ))}
          </div>
        ) : (
          <Empty description="暂无可兑换的礼品" />
        )}
      </Card>
      {loggedIn && (
        <Card title="兑换记录" style={{ marginTop: 12 }} size="small">
          <LightTable
            rowKey="id"
            size="small"
            pagination={false}
            loading={redemptions.isPending}
            dataSource={redemptions.data?.list ?? []}
            locale={{ emptyText: <Empty description="暂无兑换记录" /> }}
            columns={[
              { title: '礼品', dataIndex: 'reward_name' },
              { title: '积分', dataIndex: 'points', width: 100 },
              { title: '兑换时间', dataIndex: 'created_at', width: 180, render: beijingDateTimeText },
              {
                title: '订单',
                dataIndex: 'order_id',
                width: 120,
                render: (id: number | null) =>
                  id ? <Link to={`/order/info/${id}`}>查看订单</Link> : '已发放优惠券',
              },
            ]}
          />
        </Card>
      )}
    </div>
  );
}
