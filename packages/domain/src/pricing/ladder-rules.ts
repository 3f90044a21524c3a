import type { Fen } from '../money';
import { LADDER_TYPE_UPPER_BOUND, type LadderTier } from './ladder';

// What makes a ladder an operator may save: the checks the console editor and the .xlsx import
// run (ladder.ts reads stored ladders leniently; these refuse a bad one before it is stored).

export interface LadderProblem {
  /** The tier's position in the list as entered (0-based). */
  index: number;
  field: 'quantity' | 'price';
  message: string;
}

/**
 * Problems of a ladder as entered, tier by tier, in Chinese: quantities must rise, unit prices
 * must not rise with them, and no tier may cost more than the base price. A minimum-quantity
 * ladder (type 0) starts above 1 (a tier from 1 would replace the base price outright).
 */
export function ladderProblems(
  type: number,
  tiers: readonly LadderTier[],
  basePriceFen: Fen,
): LadderProblem[] {
  const problems: LadderProblem[] = [];
  tiers.forEach((tier, index) => {
    const n = index + 1;
    if (tier.priceFen <= 0) problems.push({ index, field: 'price', message: `第${n}档单价须大于0` });
    else if (tier.priceFen > basePriceFen)
      problems.push({ index, field: 'price', message: `第${n}档单价不能高于基础价` });
    if (index === 0) {
      if (type !== LADDER_TYPE_UPPER_BOUND && tier.quantity < 2)
        problems.push({ index, field: 'quantity', message: '第1档起购数量须大于1' });
      return;
    }
    const previous = tiers[index - 1];
    if (tier.quantity <= previous.quantity)
      problems.push({ index, field: 'quantity', message: `第${n}档数量须大于第${n - 1}档` });
    else if (tier.priceFen > previous.priceFen)
      problems.push({ index, field: 'price', message: `第${n}档单价不能高于第${n - 1}档` });
  });
  return problems;
}
