import type { ActivityCouponView } from '@yaocai/domain';
import { unreportedMessage } from '@yaocai/web-client';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button } from 'antd';
import { Link } from 'react-router';
import { useUserBase } from '../../../layout/api/user-base';
import { useReceiveCoupon } from '../../../lib/coupon-receive';

/**
 * A coupon floor: the coupons' name, threshold and amount, claimed here (POST /api/coupon/receive,
 * the coupon centre's own claim); a visitor is sent to log in.
 */
export function CouponFloor({ title, coupons }: { title: string; coupons: ActivityCouponView[] }) {
  const { message } = useFeedback();
  const receive = useReceiveCoupon();
  const { user } = useUserBase(false);
  if (coupons.length === 0) return null;
  const claim = async (c: ActivityCouponView) => {
    try {
      await receive.mutateAsync(c.id);
      message.success(`已领取：${c.name}`);
    } catch (error) {
      // A refused claim (已领完, 已领取) was shown by the http client.
      const text = unreportedMessage(error, '领取失败');
      if (text) message.error(text);
    }
  };
  return (
    <section className="yc-section" data-testid="activity-coupons">
      <h2 className="yc-section-title">{title}</h2>
      <ul className="ya-coupons">
        {coupons.map((c) => (
          <li key={c.id} className="ya-coupon" data-testid="activity-coupon">
            <div className="ya-coupon-amount">
              {c.kind === 'discount' && c.rate_percent !== null ? (
                <strong>{c.rate_percent / 10}折</strong>
              ) : (
                <>
                  <small>¥</small>
                  <strong>{c.amount}</strong>
                </>
              )}
            </div>
            <div className="ya-coupon-body">
              <div className="ya-coupon-name">{c.name}</div>
              <div className="yc-muted">{c.threshold > 0 ? `满${c.threshold}元可用` : '无门槛'}</div>
              {user.is_login ? (
                <Button
                  size="small"
                  className="ya-coupon-claim"
                  aria-label={`立即领取：${c.name}`}
                  loading={receive.isPending && receive.variables === c.id}
                  onClick={() => claim(c)}
                >
                  立即领取
                </Button>
              ) : (
                <Link to="/login" className="ya-coupon-claim" aria-label={`登录后领取：${c.name}`}>
                  登录后领取
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
