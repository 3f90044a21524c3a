import type { Fen } from '../money';

/**
 * Points deduction (积分抵扣): points convert to money at pointsPerYuan (100 points = ¥1 by
 * default) and may pay at most maxSharePercent of the amount they are applied to. Only whole
 * fen are deducted, and only the points those fen need are spent.
 */
export interface PointsRule {
  pointsPerYuan: number;
  maxSharePercent: number;
}

export const DEFAULT_POINTS_RULE: PointsRule = { pointsPerYuan: 100, maxSharePercent: 50 };

export interface PointsDeduction {
  pointsUsed: number;
  deductionFen: Fen;
  /** Most points this order could take, for the "最多可用N积分" label. */
  maxPoints: number;
}

export function pointsDeduction(input: {
  /** Amount the points may pay part of (goods after reductions and coupon, no shipping). */
  baseFen: Fen;
  balance: number;
  /** Points the buyer asks to use; default: as many as allowed. */
  requested?: number;
  rule?: PointsRule;
}): PointsDeduction {
  const rule = input.rule ?? DEFAULT_POINTS_RULE;
  if (rule.pointsPerYuan <= 0 || input.baseFen <= 0) return { pointsUsed: 0, deductionFen: 0, maxPoints: 0 };
  const share = Math.min(100, Math.max(0, rule.maxSharePercent));
  const capFen = Math.floor((input.baseFen * share) / 100);
  const toFen = (points: number) => Math.floor((Math.max(0, Math.floor(points)) * 100) / rule.pointsPerYuan);
  const toPoints = (fen: Fen) => Math.ceil((fen * rule.pointsPerYuan) / 100);
  const maxFen = Math.min(capFen, toFen(input.balance));
  const wantFen = input.requested === undefined ? maxFen : Math.min(maxFen, toFen(input.requested));
  return { pointsUsed: toPoints(wantFen), deductionFen: wantFen, maxPoints: toPoints(maxFen) };
}
