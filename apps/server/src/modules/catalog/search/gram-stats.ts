import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tokensOf } from './keyword';

// How many goods hold a common gram, from the planner's statistics of the search index
// (pg_stats of goods_search_grams: its most common elements and their frequencies, gathered by
// ANALYZE). A one- or two-character keyword is its own gram, so its number of matches is known
// before any goods is read: a key as broad as 片 or 胶囊 goes straight to its ranked walk instead
// of first gathering two thousand matches to learn that it has more. Statistics, not results:
// refreshed every ten minutes, whatever the result caches are set to.

const REFRESH_MS = 10 * 60_000;

interface GramStats {
  goods: number;
  frequency: Map<string, number>;
}

const byDb = new WeakMap<object, { at: number; stats: Promise<GramStats> }>();

async function load(db: Db): Promise<GramStats> {
  const result = await db.execute(sql`
    select (select reltuples from pg_class where relname = 'goods')::float8 as goods,
      s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs::float8[] as freqs
    from pg_stats s where s.tablename = 'goods_search_grams' limit 1`);
  const row = result.rows[0] as { goods: number; elems: string[] | null; freqs: number[] | null } | undefined;
  const frequency = new Map<string, number>(
    (row?.elems ?? []).map((gram, i) => [gram, Number(row?.freqs?.[i] ?? 0)]),
  );
  return { goods: Math.max(0, Number(row?.goods ?? 0)), frequency };
}

/**
 * The gram frequencies last loaded in this process (of whichever database: a process serves one;
 * tests open several, where a wrong guess costs only speed), for picking the rarest grams of a
 * long keyword (keyword.ts keywordGrams). Empty until loaded: loadGramStats first.
 */
let latest = new Map<string, number>();
export const gramFrequency = (gram: string): number => latest.get(gram) ?? 0;

/** Loads (at most every ten minutes) the statistics gramFrequency and surelyBroad answer from. */
export async function loadGramStats(db: Db): Promise<void> {
  latest = (await statsOf(db)).frequency;
}

function statsOf(db: Db): Promise<GramStats> {
  const now = Date.now();
  const hit = byDb.get(db);
  if (hit && now - hit.at < REFRESH_MS) return hit.stats;
  const stats = load(db).catch(() => ({ goods: 0, frequency: new Map<string, number>() }));
  byDb.set(db, { at: now, stats });
  return stats;
}

/**
 * Whether a keyword surely matches more than `many` goods: one word of one or two characters
 * whose gram the statistics count in more than twice as many (a margin for their sampling).
 */
export async function surelyBroad(db: Db, phrases: readonly string[], many: number): Promise<boolean> {
  if (phrases.length !== 1) return false;
  const tokens = tokensOf(phrases[0]);
  if (tokens.length !== 1 || [...tokens[0]].length > 2) return false;
  const { goods, frequency } = await statsOf(db);
  return (frequency.get(tokens[0]) ?? 0) * goods > 2 * many;
}
