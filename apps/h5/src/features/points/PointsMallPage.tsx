import type { RewardView } from '@yaocai/domain';
import { beijingDateText, beijingDateTimeText } from '@yaocai/domain/time/beijing';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import List from 'antd-mobile/es/components/list';
import { Link, useNavigate } from 'react-router';
import { Screen } from '../../components/Screen';
import { confirm } from '../../lib/dialog';
import { unreportedMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useUserBase } from '../../lib/user';
import { useRedeem, useRedemptions, useRewards } from './api/points';
import './points.css';

/** Why a reward cannot be redeemed now, in the PC mall's words (the server checks again). */
export function redeemBlock(reward: RewardView, points: number, signedIn: boolean): string | null {
  if (reward.stock <= 0) return '已兑完';
  if (reward.per_store_limit - reward.redeemed <= 0) return '已达兑换上限';
  if (signedIn && points < reward.points) return '积分不足';
  return null;
}

function RewardCard({ reward, points, signedIn }: { reward: RewardView; points: number; signedIn: boolean }) {
  const redeem = useRedeem();
  const navigate = useNavigate();
  const block = redeemBlock(reward, points, signedIn);
  const start = async () => {
    const sure = await confirm(
      `使用 ${reward.points} 积分兑换「${reward.name}」？${reward.kind === 'goods' ? '礼品将生成0元订单，发往您的默认收货地址。' : '优惠券将立即发放到您的账户。'}`,
    );
    if (!sure) return;
    try {
      const done = await redeem.mutateAsync(reward.id);
      toast(done.order_id ? '兑换成功，礼品订单已生成' : '兑换成功，优惠券已发放');
    } catch (error) {
      const text = unreportedMessage(error, '兑换失败');
      if (text) toast(text);
    }
  };
  return (
    <article className="m-reward" data-testid="reward-card">
      <div className="m-reward__cover">
        {reward.image ? (
          <img src={reward.image} alt="" width={160} height={160} loading="lazy" />
        ) : (
          <span>{reward.name}</span>
        )}
      </div>
      <div className="m-reward__body">
        <h2>
          <span className="m-tag">{reward.kind === 'goods' ? '实物' : '优惠券'}</span> {reward.name}
        </h2>
        <span className="m-reward__points">{reward.points} 积分</span>
        <span className="m-goods__meta">
          剩余 {reward.stock} · 每店限兑 {reward.per_store_limit}
        </span>
        <span className="m-goods__meta">{beijingDateText(reward.ends_at)} 截止</span>
        {signedIn ? (
          <Button
            block
            size="small"
            color="primary"
            disabled={!!block}
            loading={redeem.isPending}
            onClick={start}
            aria-label={`${block ?? '立即兑换'}：${reward.name}`}
            data-testid="reward-redeem"
          >
            {block ?? '立即兑换'}
          </Button>
        ) : (
          <Button block size="small" onClick={() => navigate('/login?redirect=%2Fpoints-mall')}>
            登录后兑换
          </Button>
        )}
      </div>
    </article>
  );
}

/** 积分商城: rewards on offer, the store's points and its redemptions (the PC mall's rules). */
export default function PointsMallPage() {
  const user = useUserBase();
  const signedIn = user.data?.is_login === true;
  const points = user.data?.points ?? 0;
  const rewards = useRewards();
  const redemptions = useRedemptions(signedIn);
  const navigate = useNavigate();
  return (
    <Screen title="积分商城">
      <section className="m-points-head">
        <p>我的积分</p>
        <div className="m-points-head__value" data-testid="mall-points">
          {signedIn ? points : '—'}
        </div>
        <p>订单确认收货后按实付金额赠送积分，积分可兑换礼品和优惠券，也可在结算时抵扣货款。</p>
        {signedIn ? (
          <div className="m-points-head__links">
            <Link to="/points">积分明细</Link>
          </div>
        ) : null}
      </section>
      <div className="m-pad" aria-busy={rewards.isFetching}>
        {rewards.isPending ? (
          <DotLoading />
        ) : rewards.data?.length ? (
          <div className="m-rewards">
            {rewards.data.map((r) => (
              <RewardCard key={r.id} reward={r} points={points} signedIn={signedIn} />
            ))}
          </div>
        ) : (
          <ErrorBlock status="empty" title="暂无可兑换的礼品" description="" />
        )}
      </div>
      {signedIn ? (
        <List header="兑换记录" data-testid="redemptions">
          {redemptions.data?.list.length ? (
            redemptions.data.list.map((r) => (
              <List.Item
                key={r.id}
                description={beijingDateTimeText(r.created_at)}
                extra={`-${r.points}`}
                onClick={r.order_id ? () => navigate(`/orders/${r.order_id}`) : undefined}
                arrowIcon={!!r.order_id}
              >
                {r.reward_name}
              </List.Item>
            ))
          ) : (
            <List.Item>暂无兑换记录</List.Item>
          )}
        </List>
      ) : null}
    </Screen>
  );
}
