import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type RawStatement, rawRowsNamed } from '../../../db/raw';
import { catalogIndex } from '../listing/lists';
import { phrasesOf } from '../listing/rank';
import { loadGramStats, surelyBroad } from './gram-stats';
import { highlightRanges, type Range } from './highlight';
import { normalizeKeyword } from './keyword';
import {
  containsCondition,
  keywordValues,
  makerCondition,
  makerTier,
  matchCondition,
  matchTier,
  type PhraseShape,
  phraseShapes,
} from './match';
import { shapeStatement } from './statements';

/** The most suggestions one keyword gets. */
export const MAX_SUGGESTIONS = 10;
/**
 * Matches gathered to rank suggestions from; a keyword with more (片, 胶囊) is broad: its best
 * sellers are ranked instead.
 */
const GATHER = 2_000;
/** The best sellers of a broad keyword its suggestions are ranked from. */
const BROAD_RANKED = 60;

export interface Suggestion {
  text: string;
  hl: Range[];
}

/** Suggestions with the parts of each the keyword (or an alternative) matched. */
export function withRanges(
  texts: readonly string[],
  keyword: string,
  terms: readonly string[] = [],
): Suggestion[] {
  const phrases = [keyword, ...terms];
  return texts.map((text) => ({ text, hl: highlightRanges(text, phrases) }));
}

/**
 * Up to ten distinct goods names (type 1: makers) containing the keyword or one of its
 * alternatives (terms) anywhere: in the name, the generic name, the pinyin or initials, the
 * approval number, the barcode. Ranked exact, then prefix, then contained in the name fields,
 * then elsewhere; best sellers first within each.
 */
export async function suggest(
  db: Db,
  keyword: string,
  type: number,
  terms: readonly string[] = [],
): Promise<string[]> {
  const phrases = [...new Set([keyword, ...terms].map(normalizeKeyword).filter(Boolean))];
  const shapes = phraseShapes(phrases);
  if (!shapes.length) return [];
  const index = await catalogIndex(db);
  if (index) return index.suggest(phrasesOf(phrases), type === 1);
  const byMaker = type === 1;
  if (!byMaker) await loadGramStats(db);
  const values = keywordValues(phrases);
  const broad = !byMaker && (await surelyBroad(db, phrases, GATHER));
  let rows = broad
    ? [{ text: '', total: GATHER + 1 }]
    : await rawRowsNamed<{ text: string; total: number }>(db, gathered(shapes, byMaker), values);
  if (Number(rows[0]?.total ?? 0) > GATHER && !byMaker) rows = await rawRowsNamed(db, walked(shapes), values);
  return rows.map((r) => r.text);
}

/** The suggestions of a keyword from its matches, up to GATHER + 1 of them (and their count). */
function gathered(shapes: readonly PhraseShape[], byMaker: boolean): RawStatement {
  return shapeStatement(
    `suggest:${JSON.stringify([shapes, byMaker])}`,
    () => sql`with matched as materialized (
      select ${sql.raw(byMaker ? 'goods.manufacturer' : 'goods.name')} as text,
        ${byMaker ? makerTier(shapes) : matchTier(shapes)} as tier, goods.sales_count as sales
      from goods where goods.is_on_sale and ${byMaker ? makerCondition(shapes) : matchCondition(shapes)}
      limit ${GATHER + 1})
    select text, (select count(*) from matched)::int as total from matched
    group by text order by min(tier), max(sales) desc, text limit ${MAX_SUGGESTIONS}`,
  );
}

/**
 * Broad: its best sellers (walking the sales index, where its matches are dense, confirming
 * each row), ranked among themselves (as the list's rankedWalk).
 */
function walked(shapes: readonly PhraseShape[]): RawStatement {
  return shapeStatement(
    `suggest-walk:${JSON.stringify(shapes)}`,
    () => sql`select text from (
        select goods.name as text, ${matchTier(shapes)} as tier, goods.sales_count as sales
        from goods where goods.is_on_sale and ${containsCondition(shapes)}
        order by goods.sales_count desc, goods.id desc limit ${BROAD_RANKED}
      ) best group by text order by min(tier), max(sales) desc, text limit ${MAX_SUGGESTIONS}`,
  );
}
