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
 * A name column as a key compares with it. The key is lower case (keyword.ts normalizeKeyword);
 * a key without cased letters (Chinese, digits) compares with the column as it is: lower() could
 * change only cased letters, which the key does not hold, so the answer is the same, and
 * lower() of a Chinese name costs about ten microseconds a row (a fifth of a broad keyword's
 * statement at 100,000 goods).
 */
function folded(column: SQL, key: string): SQL {
  return key.toLowerCase() === key.toUpperCase() ? column : sql`lower(${column})`;
}

/** Pinyin and initials are latin: a key with a Chinese character is never found in them. */
const han = /\p{Script=Han}/u;

/**
 * The name fields a buyer means first: name and generic name, their initials, and their full
 * pinyin for a key of three letters or more (gm inside hongmeisu is no one's 感冒).
 */
function inNameFields(token: string): SQL {
  const conds = [
    sql`strpos(${folded(sql.raw('goods.name'), token)}, ${token}) > 0`,
    sql`strpos(${folded(sql.raw('goods.common_name'), token)}, ${token}) > 0`,
  ];
  if (!han.test(token)) {
    conds.push(sql`strpos(goods.name_initials, ${token}) > 0`);
    if ([...token].length >= 3) conds.push(sql`strpos(goods.name_pinyin, ${token}) > 0`);
  }
  return sql`(${sql.join(conds, sql` or `)})`;
}

/**
 * Exact: the name or the generic name is the phrase, or the phrase is the goods' barcode or
 * approval number (whole, or its letter and digits).
 */
function exactCondition(phrase: string): SQL {
  const conds = [
    sql`${folded(sql.raw('goods.name'), phrase)} = ${phrase}`,
    sql`${folded(sql.raw('goods.common_name'), phrase)} = ${phrase}`,
  ];
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
  const name = folded(sql.raw('goods.name'), phrase);
  const conds = [
    sql`${name} like ${start}`,
    sql`${name} like ${`% ${start}`}`,
    sql`${folded(sql.raw('goods.common_name'), phrase)} like ${start}`,
  ];
  if (!han.test(phrase))
    conds.push(sql`goods.name_pinyin like ${start}`, sql`goods.name_initials like ${start}`);
  return sql.join(conds, sql` or `);
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
