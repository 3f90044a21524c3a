import { LADDER_TYPE_UPPER_BOUND, normalizeLadder } from '../pricing/ladder';

export interface LadderRow {
  /** The quantity range in words: "1-9盒", "50盒以上", "满10盒". */
  range: string;
  price: number;
}

/**
 * Ladder tiers in words, per spec section 9. Type 1: each tier's number is an upper bound, so
 * a row runs from the previous bound + 1 to its own, and the last one is open ("以上") because
 * larger quantities keep the last price. Other types: each number is a minimum ("满N").
 */
export function ladderRows(
  type: number,
  tiers: readonly { number: number; price: number }[],
  unit: string,
): LadderRow[] {
  const sorted = normalizeLadder(
    tiers.map((t) => ({ quantity: t.number, priceFen: Math.round(t.price * 100) })),
  );
  return sorted.map((tier, i) => {
    const price = tier.priceFen / 100;
    if (type !== LADDER_TYPE_UPPER_BOUND) return { range: `满${tier.quantity}${unit}`, price };
    const start = i === 0 ? 1 : sorted[i - 1].quantity + 1;
    if (i === sorted.length - 1 && i > 0) return { range: `${start}${unit}以上`, price };
    return { range: start === tier.quantity ? `${start}${unit}` : `${start}-${tier.quantity}${unit}`, price };
  });
}

/** One line for cards and tables: "1-9盒 ¥8.50 / 10-49盒 ¥8.00 / 50盒以上 ¥7.60". */
export const ladderSummary = (rows: LadderRow[]) =>
  rows.map((row) => `${row.range} ¥${row.price.toFixed(2)}`).join(' / ');
