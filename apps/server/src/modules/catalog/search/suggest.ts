import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { makerCondition, makerTier } from '../queries';
import { highlightRanges, type Range } from './highlight';
import { normalizeKeyword } from './keyword';
import { headCondition, matchCondition, matchTier } from './match';

/** The most suggestions one keyword gets. */
export const MAX_SUGGESTIONS = 10;
/**
 * Matches gathered to rank suggestions from; a keyword with more (片, 胶囊) is broad: its
 * prefix matches, then its best sellers, are read instead.
 */
const GATHER = 300;

export interface Suggestion {
  text: string;
  hl: Range[];
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
): Promise<Suggestion[]> {
  const phrases = [...new Set([keyword, ...terms].map(normalizeKeyword).filter(Boolean))];
  if (!phrases.length) return [];
  const byMaker = type === 1;
  const match = byMaker
    ? (sql`(${sql.join(phrases.map(makerCondition), sql` or `)})` as SQL)
    : matchCondition(phrases);
  if (!match) return [];
  const column = byMaker ? sql.raw('goods.manufacturer') : sql.raw('goods.name');
  const tier = byMaker ? makerTier(phrases) : matchTier(phrases);
  const gathered = await db.execute(sql`
    with matched as materialized (
      select ${column} as text, ${tier} as tier, goods.sales_count as sales
      from goods where goods.is_on_sale and ${match} limit ${GATHER + 1})
    select text, (select count(*) from matched)::int as total from matched
    group by text order by min(tier), max(sales) desc, text limit ${MAX_SUGGESTIONS}`);
  let rows = gathered.rows as { text: string; total: number }[];
  if (Number(rows[0]?.total ?? 0) > GATHER && !byMaker) {
    // Broad: the names starting with the keyword (their prefix indexes), then the best sellers
    // among its matches (the sales index, where they are dense).
    const head = headCondition(phrases);
    const broad = await db.execute(sql`
      select text from (
        (select goods.name as text, ${tier} as tier, goods.sales_count as sales
          from goods where goods.is_on_sale and ${head}
          order by tier, sales desc limit ${MAX_SUGGESTIONS * 5})
        union all
        (select goods.name, 9, goods.sales_count from goods where goods.is_on_sale and ${match}
          order by goods.sales_count desc, goods.id desc limit ${MAX_SUGGESTIONS * 5})
      ) ranked group by text order by min(tier), max(sales) desc, text limit ${MAX_SUGGESTIONS}`);
    rows = broad.rows as { text: string; total: number }[];
  }
  return rows.map((r) => ({ text: r.text, hl: highlightRanges(r.text, phrases) }));
}
