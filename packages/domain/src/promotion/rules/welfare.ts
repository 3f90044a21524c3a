import { z } from 'zod';
import type { Fen } from '../../money';
import type { LineId } from '../../pricing/prorate';
import { appliedOf, defineRule, type RuleLine } from '../rule';

// 福利 (a sitewide discount such as 94折 on chosen goods) as a rule: the buyer pays ratePercent
// of the line's amount, the paid part rounded down to the fen. The loader resolves it per line
// (LivePromotion.lineIds) with the specials, so the rule takes only the lines it was given.

export const welfareAction = z.object({
  /** 94 = 94折. */
  ratePercent: z.number().int().min(1).max(100),
});
export type WelfareAction = z.infer<typeof welfareAction>;

const meta = { kind: 'welfare', stacking: 'welfare', effect: 'price' } as const;

/** What the discount saves on a line, measured on its full amount, within what it costs now. */
export function welfareSaving(line: RuleLine, action: WelfareAction): Fen {
  if (line.quantity <= 0) return 0;
  const full = line.unitPriceFen * line.quantity;
  const saving = full - Math.floor((full * action.ratePercent) / 100);
  return Math.max(0, Math.min(line.amountFen, saving));
}

export const welfareRule = defineRule<Record<string, never>, WelfareAction, null>({
  ...meta,
  label: '福利折扣',
  stage: 'cart',
  condition: z.object({}) as z.ZodType<Record<string, never>>,
  action: welfareAction,
  editor: [
    {
      name: 'ratePercent',
      in: 'action',
      label: '折扣（%）',
      type: 'percent',
      required: true,
      help: '94即94折',
    },
  ],
  applies: (line, promotion) => !line.isCombination && welfareSaving(line, promotion.action) > 0,
  apply(lines, promotion) {
    const shares = new Map<LineId, Fen>(lines.map((l) => [l.id, welfareSaving(l, promotion.action)]));
    const amountFen = [...shares.values()].reduce((sum, s) => sum + s, 0);
    return appliedOf(meta, promotion, lines, { amountFen, shares, detail: null });
  },
});
