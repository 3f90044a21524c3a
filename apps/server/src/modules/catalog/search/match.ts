import { type SQL, sql } from 'drizzle-orm';
import { gramFrequency } from './gram-stats';
import { codeKind, escapeLike, keywordGrams, tokensOf } from './keyword';

// The SQL of a keyword search over goods.search_text (db/sql/100_search.sql). A search is one
// or more phrases: the typed keyword, or the alternatives an alias expands it to (扑热息痛 and
// 对乙酰氨基酚); a goods matches when it holds every word of any phrase.

/** The index expression of goods_search_grams, written as the index is so the planner uses it. */
const grams = sql.raw('search_grams(goods.search_text)');
const searchText = sql.raw('goods.search_text');

/** The index entries of a phrase's words (search/keyword.ts): a goods holding the phrase holds them all. */
function phraseGrams(phrase: string): SQL | null {
  const tokens = tokensOf(phrase);
  return tokens.length ? sql`${grams} @> ${sql.param(keywordGrams(tokens, gramFrequency))}::text[]` : null;
}

/**
 * The same match confirmed on the row alone (no index): for walks down a sort index, where a
 * broad keyword's matches are dense and the grams would be computed row by row.
 */
export function containsCondition(phrases: readonly string[]): SQL | null {
  const conds = phrases
    .map(tokensOf)
    .filter((tokens) => tokens.length > 0)
    .map(
      (tokens) =>
        sql`(${sql.join(
          tokens.map((t) => sql`strpos(${searchText}, ${t}) > 0`),
          sql` and `,
        )})`,
    );
  if (!conds.length) return null;
  return conds.length === 1 ? conds[0] : sql`(${sql.join(conds, sql` or `)})`;
}

/**
 * A goods matches any of the phrases; null when none has a word. The index finds the goods
 * holding a phrase's grams; strpos confirms each word on the row (containsCondition). The two
 * halves are kept apart, (grams of A or grams of B) and (A on the row or B on the row), never
 * (grams of A and A on the row) or (...): the planner answers the first half from the index
 * alone, but would recompute the grams of every row found to test the second form (a millisecond
 * a row: an alias search of 扑热息痛 or 乙醇 took one to four seconds). Words on the row imply
 * their grams (grams never cross a space), so the two forms match the same goods. Not LIKE:
 * the planner would join the console's trigram index of search_text (040_admin_goods.sql) into
 * the bitmap, whose lossy matches make it recheck every row the same way.
 */
export function matchCondition(phrases: readonly string[]): SQL | null {
  const found = phrases.map(phraseGrams).filter((c): c is SQL => c !== null);
  const confirmed = containsCondition(phrases);
  if (!found.length || !confirmed) return null;
  const indexed = found.length === 1 ? found[0] : sql`(${sql.join(found, sql` or `)})`;
  return sql`(${indexed} and ${confirmed})`;
}

/**
 * The name fields a buyer means first: name and generic name, their initials, and their full
 * pinyin for a key of three letters or more (gm inside hongmeisu is no one's 感冒).
 */
function inNameFields(token: string): SQL {
  const pattern = `%${escapeLike(token)}%`;
  const conds = [
    sql`lower(goods.name || ' ' || goods.common_name) like ${pattern}`,
    sql`goods.name_initials like ${pattern}`,
  ];
  if ([...token].length >= 3) conds.push(sql`goods.name_pinyin like ${pattern}`);
  return sql`(${sql.join(conds, sql` or `)})`;
}

/**
 * Exact: the name or the generic name is the phrase, or the phrase is the goods' barcode or
 * approval number (whole, or its letter and digits).
 */
function exactCondition(phrase: string): SQL {
  const conds = [sql`lower(goods.name) = ${phrase}`, sql`lower(goods.common_name) = ${phrase}`];
  const code = codeKind(phrase);
  if (code === 'barcode') conds.push(sql`goods.barcode = ${phrase}`);
  if (code === 'approval') conds.push(sql`lower(goods.approval_no) like ${`%${escapeLike(phrase)}`}`);
  if (phrase.length >= 6) conds.push(sql`lower(goods.approval_no) = ${phrase}`);
  return sql.join(conds, sql` or `);
}

/**
 * Prefix: the name, a word of it (芬必得 布洛芬缓释胶囊 starts a word with 布洛芬), the generic
 * name, the pinyin or the initials start with the phrase.
 */
function prefixCondition(phrase: string): SQL {
  const start = `${escapeLike(phrase)}%`;
  return sql.join(
    [
      sql`lower(goods.name) like ${start}`,
      sql`lower(goods.name) like ${`% ${start}`}`,
      sql`lower(goods.common_name) like ${start}`,
      sql`goods.name_pinyin like ${start}`,
      sql`goods.name_initials like ${start}`,
    ],
    sql` or `,
  );
}

/** Contained in the name fields (each word of the phrase). */
function nameContainsCondition(phrase: string): SQL {
  return sql.join(tokensOf(phrase).map(inNameFields), sql` and `);
}

/**
 * How well a matched goods answers the phrases, best first: 0 exact name or code, 1 prefix,
 * 2 contained in the name fields, 3 elsewhere (maker, approval number, barcode digits).
 */
export function matchTier(phrases: readonly string[]): SQL {
  const usable = phrases.filter((p) => tokensOf(p).length > 0);
  const any = (cond: (p: string) => SQL) =>
    sql.join(
      usable.map((p) => sql`(${cond(p)})`),
      sql` or `,
    );
  return sql`(case when ${any(exactCondition)} then 0 when ${any(prefixCondition)} then 1
    when ${any(nameContainsCondition)} then 2 else 3 end)`;
}

/**
 * In stock and buyable for the viewer (its business scope, when it is a buyer with one): such
 * goods come before the others of the same tier.
 */
export function buyableRank(scope: readonly string[] | undefined): SQL {
  const inScope = scope?.length ? sql` and goods.scope_class = any(${sql.param([...scope])}::text[])` : sql``;
  return sql`(goods.stock_total > 0 and goods.is_buy${inScope})`;
}
