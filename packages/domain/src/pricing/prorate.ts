import type { Fen } from '../money';

/** Anything with a stable id: cart line ids are numbers from the database or strings. */
export type LineId = string | number;

export interface ProrateWeight {
  id: LineId;
  /** Usually the line's amount in fen; must be a non-negative integer. */
  weight: number;
}

const compareIds = (a: LineId, b: LineId): number =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a) < String(b)
      ? -1
      : String(a) > String(b)
        ? 1
        : 0;

/**
 * Splits `totalFen` across weights so that the parts add up to the total exactly (largest
 * remainder method). Each part is floor(total x weight / sum); the fen left over go one each
 * to the largest remainders, ties to the smaller id, so the result does not depend on the
 * order of the input. With all weights zero the total is split evenly. When the total does
 * not exceed the sum of the weights no part exceeds its weight.
 * Returns the parts in input order.
 */
export function prorate(totalFen: Fen, weights: readonly ProrateWeight[]): Fen[] {
  if (!Number.isSafeInteger(totalFen) || totalFen < 0) throw new RangeError(`cannot split ${totalFen} fen`);
  const n = weights.length;
  if (n === 0) {
    if (totalFen === 0) return [];
    throw new RangeError('cannot split an amount across no lines');
  }
  let sum = 0;
  for (const w of weights) {
    if (!Number.isSafeInteger(w.weight) || w.weight < 0) throw new RangeError(`bad weight ${w.weight}`);
    sum += w.weight;
  }
  if (!Number.isSafeInteger(sum)) throw new RangeError('weights too large to split exactly');
  const even = sum === 0;
  const divisor = even ? n : sum;
  const weightOf = (w: ProrateWeight) => (even ? 1 : w.weight);

  const parts = new Array<Fen>(n);
  const remainders = new Array<number>(n);
  let given = 0;
  if (Number.isSafeInteger(totalFen * divisor)) {
    for (let i = 0; i < n; i++) {
      const product = totalFen * weightOf(weights[i]);
      parts[i] = Math.floor(product / divisor);
      remainders[i] = product - parts[i] * divisor;
      given += parts[i];
    }
  } else {
    const t = BigInt(totalFen);
    const d = BigInt(divisor);
    for (let i = 0; i < n; i++) {
      const product = t * BigInt(weightOf(weights[i]));
      parts[i] = Number(product / d);
      // Remainders are below the divisor, a safe integer, so they compare exactly as numbers.
      remainders[i] = Number(product % d);
      given += parts[i];
    }
  }

  let left = totalFen - given;
  if (left > 0) {
    const order = Array.from({ length: n }, (_, i) => i).sort(
      (a, b) => remainders[b] - remainders[a] || compareIds(weights[a].id, weights[b].id) || a - b,
    );
    for (let k = 0; left > 0; k++, left--) parts[order[k]] += 1;
  }
  return parts;
}
