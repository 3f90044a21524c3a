// How antd's InputNumber (rc-input-number 9) reads a number box, for LightNumberInput: while the
// buyer types, a number within the range is taken as typed and anything else waits; on blur or
// Enter the box settles on the number held to the range and the precision, or falls back to the
// last one when the text is no number.

export interface NumberLimits {
  min?: number;
  max?: number;
  /** Decimal places the settled number is rounded to (half up); none: as typed. */
  precision?: number;
}

/** The number a text spells as rc-input-number parses it (other characters dropped), or NaN. */
function parse(text: string): number {
  const cleaned = text.replace(/。/g, '.').replace(/[^\w.-]+/g, '');
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

const inRange = (n: number, { min, max }: NumberLimits) =>
  (min === undefined || n >= min) && (max === undefined || n <= max);

/** n rounded half up (or cut) to `places` decimals, on its decimal digits rather than binary. */
function toPlaces(n: number, places: number, cut = false): number {
  const [whole, fraction = ''] = Math.abs(n)
    .toFixed(Math.min(places + 6, 20))
    .split('.');
  const kept = BigInt(whole + fraction.slice(0, places).padEnd(places, '0'));
  const up = !cut && Number(fraction[places] ?? '0') >= 5 ? 1n : 0n;
  const digits = (kept + up).toString().padStart(places + 1, '0');
  const text = places > 0 ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return n < 0 ? -Number(text) : Number(text);
}

/**
 * The value a text stands for while it is typed: null when the box is empty, the number when it
 * is one within the range, undefined (no change) otherwise.
 */
export function typedNumber(text: string, limits: NumberLimits): number | null | undefined {
  if (text === '') return null;
  const n = parse(text);
  return Number.isNaN(n) || !inRange(n, limits) ? undefined : n;
}

/** n moved into the range and rounded to the precision (cut when rounding would leave the range). */
export function heldNumber(n: number, limits: NumberLimits): number {
  let held = n;
  if (limits.max !== undefined && held > limits.max) held = limits.max;
  if (limits.min !== undefined && held < limits.min) held = limits.min;
  if (limits.precision === undefined) return held;
  const rounded = toPlaces(held, limits.precision);
  return inRange(rounded, limits) ? rounded : toPlaces(held, limits.precision, true);
}

/** The value the box settles on when left: the text's number held to the limits, or the last. */
export function settledNumber(text: string, last: number | null, limits: NumberLimits): number | null {
  if (text.trim() === '') return null;
  const n = parse(text);
  if (!Number.isNaN(n)) return heldNumber(n, limits);
  return last === null ? null : heldNumber(last, limits);
}

/** The text the box shows for a value: with the precision's decimals, empty for none. */
export function numberText(value: number | null, precision?: number): string {
  if (value === null) return '';
  return precision === undefined ? String(value) : toPlaces(value, precision).toFixed(precision);
}

/** An arrow key or handler press: one step up or down from the value (from 0 when empty). */
export function steppedNumber(value: number | null, step: number, limits: NumberLimits): number {
  return heldNumber((value ?? 0) + step, limits);
}
