import type { PointsRule } from '@yaocai/domain';
import type { DbOrTx } from '../../db/client';
import { defaultSettings } from '../../db/default-settings';
import { sharedCache } from '../../lib/cache-bus';
import { savedSettingValues } from '../settings/read';

/** Checkout settings (operator-editable rows of `settings`, their defaults when missing). */
export interface OrderSettings {
  shipping: { thresholdFen: number; feeFen: number };
  /** Unpaid orders are cancelled after this many minutes (env ORDER_EXPIRE_MINUTES wins). */
  expireMinutes: number;
  /** Most units of ephedrine-type goods (含麻黄碱类复方制剂) one order may hold. */
  ephedrineLimit: number;
  /** Days after shipping when an unconfirmed order is received by the system. */
  autoConfirmDays: number;
  /** Points at checkout: points per yuan and the largest share of an order they pay. */
  points: PointsRule;
  /** Points a received order earns per yuan paid, and the ranks with a rate of their own. */
  earnPerYuan: number;
  rankRates: { rank: string; earn_per_yuan: number }[];
  /** MM-DD on which last year's unused points expire ('' never). */
  pointsExpireOn: string;
  /** Drug lines must carry their trace codes at shipping. */
  traceCodesRequired: boolean;
  /** Goods whose earliest batch expires within this many months are 近效期. */
  nearExpiryMonths: number;
  /** 含麻 units one company may order within `days` days (days 0: no period limit). */
  ephedrinePeriod: { days: number; limit: number };
  /** 含麻 orders are paid from the wallet only. */
  ephedrineWalletOnly: boolean;
  /** Control classes never listed online. */
  neverListable: readonly string[];
}

/** Per-process cache, a few seconds long (design: caches are per-process and short-lived). */
const cache = sharedCache<OrderSettings>('order-settings', 5_000);

/** Forget the cached settings (after an operator saves them: modules/settings). */
export const invalidateOrderSettings = cache.forget;

export function loadOrderSettings(db: DbOrTx): Promise<OrderSettings> {
  return cache.get(db, () => readOrderSettings(db));
}

async function readOrderSettings(db: DbOrTx): Promise<OrderSettings> {
  const saved = await savedSettingValues(db, ['shipping', 'order', 'points', 'compliance']);
  const row = <K extends 'shipping' | 'order' | 'points' | 'compliance'>(key: K) =>
    ({
      ...defaultSettings[key],
      ...(saved[key] as object),
    }) as (typeof defaultSettings)[K];
  const shipping = row('shipping');
  const order = row('order');
  const points = row('points');
  const compliance = row('compliance');
  const envMinutes = Number(process.env.ORDER_EXPIRE_MINUTES);
  return {
    shipping: { thresholdFen: shipping.threshold_fen, feeFen: shipping.fee_fen },
    expireMinutes: envMinutes > 0 ? envMinutes : order.expire_minutes,
    ephedrineLimit: order.ephedrine_limit,
    autoConfirmDays: order.auto_confirm_days,
    points: { pointsPerYuan: points.points_per_yuan, maxSharePercent: points.max_share_percent },
    earnPerYuan: points.earn_per_yuan,
    rankRates: points.rank_rates,
    pointsExpireOn: points.expire_on,
    traceCodesRequired: compliance.trace_codes_required,
    nearExpiryMonths: compliance.near_expiry_months,
    ephedrinePeriod: { days: compliance.ephedrine_period_days, limit: compliance.ephedrine_period_limit },
    ephedrineWalletOnly: compliance.ephedrine_wallet_only,
    neverListable: compliance.never_listable,
  };
}
