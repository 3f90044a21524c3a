import type { ActivityCouponView } from '@yaocai/domain';
import { Link } from 'react-router';

/**
 * A coupon floor: the coupons' name, threshold and amount; claiming happens in the coupon centre
 * (/lqzx).
 */
export function CouponFloor({ title, coupons }: { title: string; coupons: ActivityCouponView[] }) {
  if (coupons.length === 0) return null;
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
              <Link to="/lqzx" className="ya-coupon-claim" aria-label={`去领券：${c.name}`}>
                去领券
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
