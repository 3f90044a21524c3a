import { z } from 'zod';
import type { Fen } from '../../money';
import type { LineId } from '../../pricing/prorate';
import { covers } from '../coverage';
import { appliedOf, defineRule, type RuleLine } from '../rule';

// 第二件半价 (second unit at half price), per goods line: of every two units of a covered goods
// on one line, the second is priced at ratePercent of the unit price (50 = 半价), the paid part
// rounded down to the fen as the welfare discount does, for at most maxPairs pairs when set.
// A line discount of the welfare class: it takes no line at a special price or already
// discounted, and the cart's 满减 and the coupon are then measured on what it left. It takes
// lines that may take activities at all (with_coupon; 含麻 may not), never a combination
// package. Stored in the generic promotion shape: coverage, action { ratePercent, maxPairs }.

const rateError = { error: '第二件折扣须为0到99的整数' };
const pairsError = { error: '每行最多优惠件数须为正整数' };
export const secondHalfAction = z.object({
  /** The second unit's price, in percent of the unit price: 50 = 半价. */
  ratePercent: z.number(rateError).int(rateError).min(0, rateError).max(99, rateError),
  /** At most this many discounted units per line; none: every pair. */
  maxPairs: z.number(pairsError).int(pairsError).positive(pairsError).nullish(),
});
export type SecondHalfAction = z.infer<typeof secondHalfAction>;

const meta = { kind: 'second_half', stacking: 'welfare', effect: 'price' } as const;

/** What the rule takes off one line: pairs x (unit price - the second unit's price), within the line. */
export function secondHalfSaving(
  line: Pick<RuleLine, 'quantity' | 'unitPriceFen' | 'amountFen'>,
  action: SecondHalfAction,
): Fen {
  const pairs = Math.min(
    Math.floor(Math.max(0, line.quantity) / 2),
    action.maxPairs ?? Number.POSITIVE_INFINITY,
  );
  if (pairs <= 0 || line.unitPriceFen <= 0) return 0;
  const perPair = line.unitPriceFen - Math.floor((line.unitPriceFen * action.ratePercent) / 100);
  return Math.max(0, Math.min(line.amountFen, pairs * perPair));
}

export const secondHalfRule = defineRule<Record<string, never>, SecondHalfAction, null>({
  ...meta,
  label: '第二件半价',
  stage: 'cart',
  plainData: true,
  condition: z.object({}) as z.ZodType<Record<string, never>>,
  action: secondHalfAction,
  editor: [
    {
      name: 'ratePercent',
      in: 'action',
      label: '第二件按原价的（%）',
      type: 'percent',
      required: true,
      help: '50即半价',
    },
    {
      name: 'maxPairs',
      in: 'action',
      label: '每行最多优惠件数',
      type: 'count',
      required: false,
      help: '留空不限',
    },
  ],
  applies: (line, promotion) =>
    line.withCoupon &&
    !line.isCombination &&
    (promotion.coverage === null || (line.facts !== null && covers(promotion.coverage, line.facts))) &&
    secondHalfSaving(line, promotion.action) > 0,
  apply(lines, promotion) {
    const shares = new Map<LineId, Fen>(lines.map((l) => [l.id, secondHalfSaving(l, promotion.action)]));
    const amountFen = [...shares.values()].reduce((sum, s) => sum + s, 0);
    const units = new Map<LineId, number>(
      lines.map((l) => [l.id, Math.min(Math.floor(l.quantity / 2), promotion.action.maxPairs ?? l.quantity)]),
    );
    return { ...appliedOf(meta, promotion, lines, { amountFen, shares, detail: null }), units };
  },
});
