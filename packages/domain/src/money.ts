/**
 * Money is integer fen (1 yuan = 100 fen) everywhere inside the system. The wire carries yuan
 * as numbers with two decimals, so conversion happens only at the API edge through these two.
 */
export type Fen = number;

export function assertFen(value: number): Fen {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer amount of fen: ${value}`);
  return value;
}

/** fen -> yuan number for the wire (e.g. 3520 -> 35.2). */
export function toYuan(fen: Fen): number {
  return Math.trunc(fen) / 100;
}

/** yuan (number or numeric string, at most 2 decimals) -> fen; throws on anything else. */
export function fromYuan(yuan: number | string): Fen {
  const text = typeof yuan === 'number' ? yuan.toFixed(6) : yuan.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) throw new RangeError(`not an amount of yuan: ${yuan}`);
  const [, sign, whole, frac = ''] = match;
  const decimals = frac.padEnd(6, '0');
  if (Number(decimals.slice(2)) !== 0) throw new RangeError(`more than two decimals: ${yuan}`);
  const fen = Number(whole) * 100 + Number(decimals.slice(0, 2));
  return sign === '-' ? -fen : fen;
}

/**
 * fen -> the decimal text a provider's wire takes for yuan, exactly two decimals (3520 -> "35.20",
 * -5 -> "-0.05"); integer arithmetic, no float on the way. The inverse is fromYuan(text).
 */
export function yuanDecimal(fen: Fen): string {
  assertFen(fen);
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Display form used by the screens: ¥35.20 */
export function formatYuan(fen: Fen): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Multiply an amount by a rate and round DOWN to the fen (the spec rounds totals down). */
export function mulFloor(fen: Fen, numerator: number, denominator = 1): Fen {
  return Math.floor((fen * numerator) / denominator);
}
