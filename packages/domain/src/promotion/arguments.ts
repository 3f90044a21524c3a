import { fromYuan, toYuan } from '../money';
import type { ArgumentField, PromotionRule } from './rule';

// A rule's arguments on the console's wire and in storage. The editor description says which
// argument is money: the console enters and shows it in yuan, storage and the rule hold fen.
// The console posts forms (application/x-www-form-urlencoded), so every scalar arrives as a
// string: the editor's type reads it back (a number, a switch, an empty input as no value).
// Anything else passes as it is; the rule's zod schema decides what is valid.

type Args = Record<string, unknown>;
type Field = Pick<ArgumentField, 'name' | 'type'> & { columns?: Field[] };

/** A form-posted scalar as its editor type: '50' -> 50, '' -> null, '1'/'true' -> true; else as it is. */
function fromForm(type: Field['type'], v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const text = v.trim();
  if (type === 'boolean') {
    if (text === '1' || text === 'true') return true;
    if (text === '0' || text === 'false' || text === '') return false;
    return v;
  }
  if (type === 'tiers') return v;
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : v;
}

function readForm(fields: readonly Field[], args: Args): Args {
  const out: Args = { ...args };
  for (const field of fields) {
    if (!(field.name in out)) continue;
    const v = out[field.name];
    if (field.type === 'tiers') {
      // qs reads `tiers[0][x]` as an array, and more than 20 rows as an object keyed by index.
      const rows = Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : v;
      out[field.name] = Array.isArray(rows)
        ? rows.map((row) =>
            row && typeof row === 'object' ? readForm(field.columns ?? [], row as Args) : row,
          )
        : rows;
    } else out[field.name] = fromForm(field.type, v);
  }
  return out;
}

function convert(fields: readonly Field[], args: Args, money: (v: number) => number): Args {
  const out: Args = { ...args };
  for (const field of fields) {
    const v = out[field.name];
    if (field.type === 'fen' && typeof v === 'number' && Number.isFinite(v)) out[field.name] = money(v);
    else if (field.type === 'tiers' && Array.isArray(v) && field.columns)
      out[field.name] = v.map((row) =>
        row && typeof row === 'object' ? convert(field.columns ?? [], row as Args, money) : row,
      );
  }
  return out;
}

const fieldsIn = (rule: Pick<PromotionRule, 'editor'>, where: ArgumentField['in']) =>
  rule.editor.filter((f) => f.in === where);

/**
 * Wire (yuan, form strings or JSON) -> stored (fen) arguments; a sum with more than two decimals
 * is left for the schema to refuse.
 */
export function argumentsFromWire(
  rule: Pick<PromotionRule, 'editor'>,
  where: ArgumentField['in'],
  args: Args,
): Args {
  const fields = fieldsIn(rule, where);
  return convert(fields, readForm(fields, args), (yuan) => {
    try {
      return fromYuan(yuan);
    } catch {
      return yuan * 100; // not whole fen: the schema's int() refuses it
    }
  });
}

/** Stored (fen) -> wire (yuan) arguments. */
export function argumentsToWire(
  rule: Pick<PromotionRule, 'editor'>,
  where: ArgumentField['in'],
  args: Args,
): Args {
  return convert(fieldsIn(rule, where), args, toYuan);
}
