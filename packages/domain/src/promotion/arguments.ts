import { fromYuan, toYuan } from '../money';
import type { ArgumentField, PromotionRule } from './rule';

// A rule's arguments on the console's wire and in storage. The editor description says which
// argument is money: the console enters and shows it in yuan, storage and the rule hold fen.
// Everything else passes as it is; the rule's zod schema decides what is valid.

type Args = Record<string, unknown>;
type Field = Pick<ArgumentField, 'name' | 'type'> & { columns?: Field[] };

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

/** Wire (yuan) -> stored (fen) arguments; a sum with more than two decimals is left for the schema to refuse. */
export function argumentsFromWire(
  rule: Pick<PromotionRule, 'editor'>,
  where: ArgumentField['in'],
  args: Args,
): Args {
  return convert(fieldsIn(rule, where), args, (yuan) => {
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
