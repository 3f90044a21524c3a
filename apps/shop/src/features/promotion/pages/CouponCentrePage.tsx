import { beijingDateTimeText, type CouponCentreItem, formatYuan, fromYuan } from '@yaocai/domain';
import { unreportedMessage } from '@yaocai/web-client';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Empty, Progress, Spin, Tag } from 'antd';
import { Link } from 'react-router';
import { Card } from '../../../components/Card';
import { ContractPrompt } from '../../../layout/ContractPrompt';
import { useCouponCentre, useReceiveCoupon } from '../api/centre';

const yuan = (v: number) => formatYuan(fromYuan(v.toFixed(2)));

function face(c: CouponCentreItem) {
  if (c.kind === 'discount') return `${(c.rate_percent ?? 100) / 10}折`;
  return yuan(c.amount);
}

/** One coupon: its face, terms, remaining quota and the button its state allows. */
function CentreCoupon({ coupon }: { coupon: CouponCentreItem }) {
  const { message } = useFeedback();
  const receive = useReceiveCoupon();
  const claim = async () => {
    try {
      await receive.mutateAsync(coupon.id);
    } catch (error) {
      // A refusal (已领完, 459 for the contract...) was shown by the http client.
      const text = unreportedMessage(error, '领取失败');
      if (text) message.error(text);
      return;
    }
    message.success(`已领取「${coupon.name}」，可在“我的优惠券”查看`);
  };
  // The button's words; its name adds the coupon's (the visible words first, as heard).
  const claimText =
    coupon.state === 'not_started' && coupon.claim_from
      ? `${beijingDateTimeText(coupon.claim_from).slice(0, 10)} 开抢`
      : coupon.state_label;
  const button =
    coupon.state === 'login' ? (
      <Link to="/login">
        <Button block>登录后领取</Button>
      </Link>
    ) : (
      <Button
        type="primary"
        block
        disabled={coupon.state !== 'claimable'}
        loading={receive.isPending}
        onClick={claim}
        aria-label={`${claimText}：${coupon.name}`}
        data-testid="centre-claim"
      >
        {claimText}
      </Button>
    );
  return (
    <Card size="small" className="sh-centre-coupon" data-testid="centre-coupon" data-state={coupon.state}>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <div style={{ minWidth: 96, textAlign: 'center', color: '#c62828' }}>
          <div style={{ fontSize: 26, fontWeight: 600 }}>{face(coupon)}</div>
          <div style={{ fontSize: 12 }}>
            {coupon.threshold > 0 ? `满${yuan(coupon.threshold)}可用` : '无门槛'}
          </div>
        </div>
        <div style={{ flex: 1 }}>
          <div>
            <Tag color="orange">{coupon.kind_label}</Tag>
            <strong>{coupon.name}</strong>
          </div>
          <div style={{ color: '#595959', fontSize: 12, marginTop: 4 }}>
            {coupon.scope_text}
            {coupon.exclude_special && '，特价商品不参与'}
            {coupon.kind === 'discount' && coupon.max_discount > 0 && `，最高减${yuan(coupon.max_discount)}`}
          </div>
          <div style={{ color: '#595959', fontSize: 12 }}>
            {coupon.validity_text} · 每店限领{coupon.per_store_limit}张
          </div>
          {coupon.remaining !== null && (
            <Progress
              percent={coupon.claimed_percent}
              size="small"
              strokeColor="#b35500"
              format={() => `剩余${coupon.remaining}张`}
              aria-label={`${coupon.name}已领取${coupon.claimed_percent}%`}
            />
          )}
        </div>
      </div>
      <div style={{ marginTop: 8 }}>{button}</div>
    </Card>
  );
}

/** /lqzx 领券中心: the coupons on offer; a logged-in store whose company may buy claims them. */
export default function CouponCentrePage() {
  const centre = useCouponCentre();
  return (
    <div className="sh-container" style={{ padding: '16px 0' }} data-testid="coupon-centre">
      <Card title="领券中心" extra={<Link to="/yhq">我的优惠券</Link>}>
        <ContractPrompt />
        {centre.isPending ? (
          <Spin />
        ) : centre.data?.list.length ? (
          <div
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))', gap: 12 }}
          >
            {centre.data.list.map((c) => (
              <CentreCoupon key={c.id} coupon={c} />
            ))}
          </div>
        ) : (
          <Empty description="暂无可领取的优惠券" />
        )}
      </Card>
    </div>
  );
}
