import { z } from 'zod';
import type { Fen } from '../../money';
import type { LineId } from '../../pricing/prorate';
import { appliedOf, defineRule, type RuleLine } from '../rule';

// 特价 (秒杀 flash sale, 每日特价 daily special) as a rule: the special price replaces the unit
// price for up to `limit` units (the store's per-store limit and the promotion's own stock,
// whichever is less, counted in SQL by the promotion module; more units are at the normal
// price). The loader resolves it per line (LivePromotion.lineIds), so the rule takes only the
// lines it was given. The buyer always gets the lower price: no saving, no special.

export const specialPriceAction = z.object({
  unitPriceFen: z.number().int().nonnegative(),
  /** Units this store may still buy at the price; null = no limit. */
  limit: z.number().int().nonnegative().nullish(),
});
export type SpecialPriceAction = z.infer<typeof specialPriceAction>;

const meta = { kind: 'special_price', stacking: 'special_price', effect: 'price' } as const;

const unitsOf = (line: RuleLine, action: SpecialPriceAction) =>
  Math.min(line.quantity, action.limit ?? line.quantity);

/** What the special saves on a line: units x (unit price - special price), within what the line costs now. */
export function specialPriceSaving(line: RuleLine, action: SpecialPriceAction): Fen {
  const units = unitsOf(line, action);
  if (line.quantity <= 0 || units <= 0) return 0;
  return Math.max(0, Math.min(line.amountFen, units * (line.unitPriceFen - action.unitPriceFen)));
}

export const specialPriceRule = defineRule<Record<string, never>, SpecialPriceAction, null>({
  ...meta,
  label: '特价',
  stage: 'cart',
  condition: z.object({}) as z.ZodType<Record<string, never>>,
  action: specialPriceAction,
  editor: [
    { name: 'unitPriceFen', in: 'action', label: '特价（元）', type: 'fen', required: true },
    { name: 'limit', in: 'action', label: '每店限购', type: 'count', required: false, help: '留空不限' },
  ],
  applies: (line, promotion) => !line.isCombination && specialPriceSaving(line, promotion.action) > 0,
  apply(lines, promotion) {
    const shares = new Map<LineId, Fen>();
    const units = new Map<LineId, number>();
    for (const line of lines) {
      shares.set(line.id, specialPriceSaving(line, promotion.action));
      units.set(line.id, unitsOf(line, promotion.action));
    }
    const amountFen = [...shares.values()].reduce((sum, s) => sum + s, 0);
    return { ...appliedOf(meta, promotion, lines, { amountFen, shares, detail: null }), units };
  },
});
