import type { Fen } from '../money';

/**
 * Ladder prices (阶梯价, spec section 9). Two shapes come from the catalogue:
 * - type 1: each tier's quantity is an inclusive UPPER bound ("1-10 件 ¥5.00, 11-50 件 ¥4.50").
 *   Quantities beyond the last bound keep the last tier's price (the largest buyers are not
 *   punished with the base price).
 * - any other type: each tier's quantity is a MINIMUM ("满 10 件 ¥4.50"). Below the first
 *   minimum the base price applies.
 * Tiers may arrive unsorted or with duplicates; a duplicate quantity keeps its lowest price.
 */
export const LADDER_TYPE_UPPER_BOUND = 1;

export interface LadderTier {
  /** Upper bound (type 1) or minimum (other types), in packing units. */
  quantity: number;
  priceFen: Fen;
}

export interface Ladder {
  type: number;
  tiers: readonly LadderTier[];
}

export interface NextLadderTier {
  /** Total quantity at which the lower price starts. */
  quantity: number;
  /** How many more to add: the "再买N件" of the hint. */
  more: number;
  unitPriceFen: Fen;
}

export interface LadderPrice {
  unitPriceFen: Fen;
  /** The tier in effect, or null when the base price applies. */
  tier: LadderTier | null;
  /** The nearest tier that lowers the unit price, or null when none does. */
  next: NextLadderTier | null;
}

const isValidTier = (t: LadderTier) =>
  Number.isInteger(t.quantity) && t.quantity > 0 && Number.isInteger(t.priceFen) && t.priceFen >= 0;

/** Valid tiers sorted by quantity, one per quantity (the cheapest). */
export function normalizeLadder(tiers: readonly LadderTier[]): readonly LadderTier[] {
  // Fast path, the common case: tiers stored sorted, valid and unique need no copy.
  let clean = true;
  for (let i = 0; i < tiers.length && clean; i++) {
    clean = isValidTier(tiers[i]) && (i === 0 || tiers[i - 1].quantity < tiers[i].quantity);
  }
  if (clean) return tiers;
  // Insertion into a sorted copy: ladders have a handful of tiers, and this runs per cart line
  // on every read of a cart whose tiers were stored out of order (Array#sort with a comparator
  // cost a quarter of pricing a 500-line cart).
  const out: LadderTier[] = [];
  for (const tier of tiers) {
    if (!isValidTier(tier)) continue;
    let i = out.length;
    while (i > 0 && out[i - 1].quantity > tier.quantity) i--;
    if (i > 0 && out[i - 1].quantity === tier.quantity) {
      if (tier.priceFen < out[i - 1].priceFen) out[i - 1] = tier;
    } else out.splice(i, 0, tier);
  }
  return out;
}

/** Index of the tier in effect for `quantity`, or -1 when the base price applies. */
function tierIndex(type: number, tiers: readonly LadderTier[], quantity: number): number {
  if (type === LADDER_TYPE_UPPER_BOUND) {
    for (let i = 0; i < tiers.length; i++) if (quantity <= tiers[i].quantity) return i;
    return tiers.length - 1;
  }
  let found = -1;
  for (let i = 0; i < tiers.length && tiers[i].quantity <= quantity; i++) found = i;
  return found;
}

/** Quantity at which tier `i` starts. */
function tierStart(type: number, tiers: readonly LadderTier[], i: number): number {
  if (type !== LADDER_TYPE_UPPER_BOUND) return tiers[i].quantity;
  return i === 0 ? 1 : tiers[i - 1].quantity + 1;
}

/** Unit price for `quantity`, the tier in effect and the next cheaper tier (再买N件单价降至¥x). */
export function ladderUnitPrice(
  basePriceFen: Fen,
  ladder: Ladder | null | undefined,
  quantity: number,
): LadderPrice {
  const tiers = ladder ? normalizeLadder(ladder.tiers) : [];
  if (!ladder || tiers.length === 0) return { unitPriceFen: basePriceFen, tier: null, next: null };
  const index = tierIndex(ladder.type, tiers, quantity);
  const tier = index >= 0 ? tiers[index] : null;
  const unitPriceFen = tier ? tier.priceFen : basePriceFen;
  let next: NextLadderTier | null = null;
  for (let i = index + 1; i < tiers.length; i++) {
    if (tiers[i].priceFen < unitPriceFen) {
      const start = tierStart(ladder.type, tiers, i);
      next = { quantity: start, more: start - quantity, unitPriceFen: tiers[i].priceFen };
      break;
    }
  }
  return { unitPriceFen, tier, next };
}
