export { unshippedOrdersNote, yuan } from '../../../lib/money-text';

import { yuan } from '../../../lib/money-text';

/**
 * The 满减 bar's words: only the activity's goods count towards its tiers, so the bar says how
 * much of the selection does (活动商品已选¥x) before what is reduced and what the next tier needs.
 */
export function tierText(eligible: number, reduction: number, hint?: string): string {
  const counted = `活动商品已选${yuan(eligible)}`;
  const state = reduction > 0 ? `已减${yuan(reduction)}` : '未满足满减';
  return [counted, state, hint].filter(Boolean).join('，');
}
