import type { CouponCentreItem } from '@yaocai/domain';
import { beijingDateText } from '@yaocai/domain/time/beijing';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import ProgressBar from 'antd-mobile/es/components/progress-bar';
import { Link, useNavigate } from 'react-router';
import { PullRefresh } from '../../components/PullRefresh';
import { Screen } from '../../components/Screen';
import { yuan } from '../../lib/format';
import { unreportedMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useCouponCentre, useReceiveCoupon } from './api/centre';
import './promotion.css';

const face = (c: CouponCentreItem) =>
  c.kind === 'discount' ? `${(c.rate_percent ?? 100) / 10}折` : yuan(c.amount);

/** One coupon: its face, terms, remaining quota and the button its state allows (as the PC centre). */
function CentreCoupon({ coupon }: { coupon: CouponCentreItem }) {
  const receive = useReceiveCoupon();
  const navigate = useNavigate();
  const claim = async () => {
    try {
      await receive.mutateAsync(coupon.id);
      toast(`已领取「${coupon.name}」`);
    } catch (error) {
      // A refusal (已领完, the contract's 459...) was shown by the HTTP client.
      const text = unreportedMessage(error, '领取失败');
      if (text) toast(text);
    }
  };
  const label =
    coupon.state === 'not_started' && coupon.claim_from
      ? `${beijingDateText(coupon.claim_from)} 开抢`
      : coupon.state_label;
  return (
    <article
      className={
        coupon.state === 'claimable' || coupon.state === 'login' ? 'm-coupon' : 'm-coupon m-coupon--off'
      }
      data-testid="centre-coupon"
      data-state={coupon.state}
    >
      <div className="m-coupon__value">
        {face(coupon)}
        <small>{coupon.threshold > 0 ? `满${yuan(coupon.threshold)}可用` : '无门槛'}</small>
      </div>
      <div className="m-coupon__body">
        <h2>
          <span className="m-tag">{coupon.kind_label}</span> {coupon.name}
        </h2>
        <p className="m-coupon__terms">
          {coupon.scope_text}
          {coupon.exclude_special ? '，特价商品不参与' : ''}
          {coupon.kind === 'discount' && coupon.max_discount > 0
            ? `，最高减${yuan(coupon.max_discount)}`
            : ''}
        </p>
        <p className="m-coupon__terms">
          {coupon.validity_text} · 每店限领{coupon.per_store_limit}张
        </p>
        {coupon.remaining !== null ? (
          <div className="m-coupon__quota">
            <div aria-hidden="true">
              <ProgressBar percent={coupon.claimed_percent} />
            </div>
            <p className="m-coupon__terms">
              已抢{coupon.claimed_percent}% · 剩余{coupon.remaining}张
            </p>
          </div>
        ) : null}
        <div className="m-coupon__claim">
          {coupon.state === 'login' ? (
            <Button block size="small" onClick={() => navigate('/login?redirect=%2Fcoupon-centre')}>
              登录后领取
            </Button>
          ) : (
            <Button
              block
              size="small"
              color="danger"
              disabled={coupon.state !== 'claimable'}
              loading={receive.isPending}
              onClick={claim}
              aria-label={`${label}：${coupon.name}`}
              data-testid="centre-claim"
            >
              {label}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/** 领券中心: the coupons on offer; a signed-in store whose company may buy claims them. */
export default function CouponCentrePage() {
  const centre = useCouponCentre();
  return (
    <Screen
      title="领券中心"
      right={
        <Link className="m-link" to="/coupons">
          我的券
        </Link>
      }
    >
      <PullRefresh onRefresh={() => centre.refetch()}>
        <div className="m-pad" data-testid="coupon-centre" aria-busy={centre.isFetching}>
          {centre.isPending ? (
            <DotLoading />
          ) : centre.data?.list.length ? (
            centre.data.list.map((c) => <CentreCoupon key={c.id} coupon={c} />)
          ) : (
            <ErrorBlock status="empty" title="暂无可领取的优惠券" description="" />
          )}
        </div>
      </PullRefresh>
    </Screen>
  );
}
