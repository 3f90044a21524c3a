import { type Fen, formatYuan } from '../money';

/**
 * What the buyer should add next (POST /api/cart/next_hint and the cart footer):
 * 再买¥35.20可减¥20 for the next full-reduction step, 再买¥x即可包邮 for free shipping.
 * The nearest goal comes first; on a tie the reduction does.
 */
export type NextHint =
  | { kind: 'full_reduction'; gapFen: Fen; reductionFen: Fen; text: string }
  | { kind: 'free_shipping'; gapFen: Fen; text: string };

/** ¥20 for whole yuan, ¥19.90 otherwise: how reductions read in hints. */
export const formatYuanCompact = (fen: Fen): string => formatYuan(fen).replace(/\.00$/, '');

export function nextHints(input: {
  fullReductionNext: { gapFen: Fen; reductionFen: Fen } | null;
  freeShippingGapFen: Fen;
}): NextHint[] {
  const hints: NextHint[] = [];
  const next = input.fullReductionNext;
  if (next && next.gapFen > 0) {
    hints.push({
      kind: 'full_reduction',
      gapFen: next.gapFen,
      reductionFen: next.reductionFen,
      text: `再买${formatYuan(next.gapFen)}可减${formatYuanCompact(next.reductionFen)}`,
    });
  }
  if (input.freeShippingGapFen > 0) {
    hints.push({
      kind: 'free_shipping',
      gapFen: input.freeShippingGapFen,
      text: `再买${formatYuan(input.freeShippingGapFen)}即可包邮`,
    });
  }
  return hints.sort((a, b) => a.gapFen - b.gapFen || (a.kind === 'full_reduction' ? -1 : 1));
}
