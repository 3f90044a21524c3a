import type { DbOrTx } from '../../db/client';
import { anyOf } from '../../db/raw';
import { operators } from '../../db/schema/account';

// Who did it: the display names of operators, for the lists and papers of other modules (who
// answered a request, issued an invoice, shipped an order).

/** The display names of these operators, by id (one statement; an unknown id is absent). */
export async function operatorNames(
  db: DbOrTx,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: operators.id, name: operators.name })
    .from(operators)
    .where(anyOf(operators.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}
