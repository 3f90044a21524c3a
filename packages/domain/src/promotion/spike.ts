import { activityPhase } from '../time/countdown';

// Flash sale (秒杀) rules shared by the server, the shop and the console: where a slot stands,
// how far its goods have sold, and what a slot edit must satisfy. Times are 10-digit seconds.

/** draft: being prepared; scheduled: live in its slots' windows; paused and ended: not sold. */
export const spikeSaleStatuses = ['draft', 'scheduled', 'paused', 'ended'] as const;
export type SpikeSaleStatus = (typeof spikeSaleStatuses)[number];

export const spikeSaleStatusNames: Record<SpikeSaleStatus, string> = {
  draft: '草稿',
  scheduled: '已排期',
  paused: '已暂停',
  ended: '已结束',
};

/** The operator's actions on a sale and the statuses each may start from. */
export const spikeSaleTransitions = {
  schedule: { from: ['draft', 'paused'], to: 'scheduled', name: '排期上线' },
  pause: { from: ['scheduled'], to: 'paused', name: '暂停' },
  end: { from: ['draft', 'scheduled', 'paused'], to: 'ended', name: '结束' },
} as const satisfies Record<string, { from: SpikeSaleStatus[]; to: SpikeSaleStatus; name: string }>;
export type SpikeSaleAction = keyof typeof spikeSaleTransitions;

/** The status an action leads to, or null when the sale's status does not allow it. */
export function nextSpikeStatus(status: SpikeSaleStatus, action: SpikeSaleAction): SpikeSaleStatus | null {
  const t = spikeSaleTransitions[action];
  return (t.from as readonly SpikeSaleStatus[]).includes(status) ? t.to : null;
}

export interface SpikeProgress {
  /** Sold share in whole percent, rounded down (100 only when sold out). */
  percent: number;
  remaining: number;
  soldOut: boolean;
}

export function spikeProgress(sold: number, stock: number): SpikeProgress {
  const s = Math.max(0, Math.min(sold, stock));
  const remaining = Math.max(0, stock - s);
  return {
    percent: stock > 0 ? Math.floor((s * 100) / stock) : 100,
    remaining,
    soldOut: remaining === 0,
  };
}

/**
 * Why a store cannot buy a slot's goods at the spike price now, or null when it can: the sale not
 * scheduled, the slot not started or over, the stock gone, the store's limit reached.
 */
export function spikeRefusal(input: {
  status: SpikeSaleStatus;
  startSeconds: number;
  endSeconds: number;
  nowSeconds: number;
  remaining: number;
  storeLeft: number;
}): string | null {
  if (input.status === 'paused') return '秒杀活动已暂停';
  if (input.status !== 'scheduled') return '秒杀活动已结束';
  const phase = activityPhase(input.startSeconds, input.endSeconds, input.nowSeconds);
  if (phase === 'upcoming') return '秒杀活动尚未开始';
  if (phase === 'ended') return '秒杀活动已结束';
  if (input.remaining <= 0) return '秒杀商品已抢光';
  if (input.storeLeft <= 0) return '超出每店限购数量';
  return null;
}

/** Two slots [start, end) overlap when each starts before the other ends. */
export const slotsOverlap = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;
