import {
  addDays,
  beijingDateOf,
  beijingStartOf,
  type CoverageBody,
  specialStatusNames,
  toCoverage,
} from '@yaocai/domain';
import type { DbOrTx } from '../../db/client';
import { fieldError, refusal } from '../../lib/errors';
import { unknownCoverage } from '../catalog/coverage';

// What the console's three activity kinds share: the phase (status and dates together), the
// operator's status moves, dates as Beijing days, and coverage in and out of the wire shape.

export type Phase = 'scheduled' | 'running' | 'paused' | 'ended';

export function phaseOf(status: string, startsAt: Date, endsAt: Date, now: Date): Phase {
  if (status === 'paused') return 'paused';
  if (status === 'ended' || now >= endsAt) return 'ended';
  return now < startsAt ? 'scheduled' : 'running';
}
export const phaseView = (phase: Phase) => ({ phase, phase_name: specialStatusNames[phase] });

/** Inclusive Beijing days <-> [startsAt, endsAt) instants. */
export const daysToInstants = (startsOn: string, endsOn: string) => ({
  startsAt: beijingStartOf(startsOn),
  endsAt: beijingStartOf(addDays(endsOn, 1)),
});
export const instantsToDays = (startsAt: Date, endsAt: Date) => ({
  starts_on: beijingDateOf(startsAt),
  ends_on: addDays(beijingDateOf(endsAt), -1),
});

/**
 * The status an operator action moves to: pause a running or scheduled activity, resume a
 * paused one, end any not ended. Refused (Chinese) otherwise.
 */
export function nextStatus(status: string, action: 'pause' | 'resume' | 'end'): string {
  if (status === 'ended') throw refusal('活动已结束，不能再操作');
  if (action === 'pause') {
    if (status === 'paused') throw refusal('活动已暂停');
    return 'paused';
  }
  if (action === 'resume') {
    if (status !== 'paused') throw refusal('活动未暂停');
    return 'active';
  }
  return 'ended';
}

/** 422 when a coverage names goods, categories or brands that do not exist. */
export async function assertCoverageExists(db: DbOrTx, c: CoverageBody) {
  const unknown = await unknownCoverage(db, toCoverage(c));
  if (unknown.goods) throw fieldError('coverage.goods_ids', '所选商品不存在');
  if (unknown.categories) throw fieldError('coverage.category_ids', '所选分类不存在');
  if (unknown.brands) throw fieldError('coverage.brand_ids', '所选品牌不存在');
}
