import type { CartState } from '@yaocai/domain';
import { Tag } from 'antd';
import { ProgressBar } from '../../../components/ProgressBar';
import { tierText } from './format';

/**
 * Full-reduction tiers (满减): a bar over the eligible amount towards the next tier, each tier
 * marked reached (status 1) or not, and the server's hint (再买¥x可减¥y).
 */
export function TierProgress({ state }: { state: CartState }) {
  const activity = state.activity_data.manjians;
  if (!activity || activity.manjians.length === 0) return null;
  const eligible = state.summary.eligible_amount ?? 0;
  const reduction = state.summary.reduction ?? 0;
  const tiers = [...activity.manjians].sort((a, b) => a.amount - b.amount);
  const next = tiers.find((t) => t.status === 0);
  const top = next?.amount ?? tiers[tiers.length - 1].amount;
  const percent = top > 0 ? Math.min(100, Math.floor((eligible / top) * 100)) : 100;
  const hint = state.hints.find((h) => h.kind === 'full_reduction');
  return (
    <div className="yc-cart-tiers" data-testid="tier-progress">
      <span className="yc-cart-tiers__name" title={activity.name}>
        <Tag color="red">满减</Tag>
      </span>
      <div className="yc-cart-tiers__marks">
        {tiers.map((t) => (
          <Tag key={t.amount} color={t.status === 1 ? 'success' : 'default'} data-reached={t.status}>
            满{t.amount}减{t.reduction}
          </Tag>
        ))}
      </div>
      <ProgressBar label="满减进度" percent={percent} width={200} />
      <span className="yc-cart-tiers__text" data-testid="tier-text">
        {tierText(eligible, reduction, hint?.text)}
      </span>
    </div>
  );
}
