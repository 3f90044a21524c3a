import { type SQL, sql } from 'drizzle-orm';
import { gramFrequency } from './gram-stats';
import { codeKind, escapeLike, keywordGrams, tokensOf } from './keyword';

// The SQL of a keyword search over goods.search_text (db/sql/100_search.sql). A search is one
// or more phrases: the typed keyword, or the alternatives an alias expands it to (扑热息痛 and
// 对乙酰氨基酚); a goods matches when it holds every word of any phrase.
//
// The SQL is written from the phrases' shapes (how many words, Chinese or latin, a code or
// not: what changes the text of the statement), never from their values, which are named
// placeholders (keywordValues). So the statement of a shape is made once, named, and each
// PostgreSQL connection parses and plans it once (search/statements.ts): parsing and planning a
// keyword list's statement cost about a third of its time in PostgreSQL.

/** What the SQL of one word depends on. */
export interface TokenShape {
  /** Holds a Chinese character: never found in pinyin or initials. */
  han: boolean;
  /** No cased letters (Chinese, digits): compared with a name column without lower(). */
  caseless: boolean;
  /** Three characters or more: also looked for in the full pinyin. */
  long: boolean;
}

/** What the SQL of one phrase depends on. */
export interface PhraseShape extends TokenShape {
  code: ReturnType<typeof codeKind>;
  /** Six UTF-16 units or more: may be a whole approval number. */
  approvalLength: boolean;
  /** One or two characters: a maker search looks it up in the makers' short grams. */
  short: boolean;
  tokens: TokenShape[];
}

/** Pinyin and initials are latin: a key with a Chinese character is never found in them. */
const han = /\p{Script=Han}/u;

function tokenShape(token: string): TokenShape {
  return {
    han: han.test(token),
    caseless: token.toLowerCase() === token.toUpperCase(),
    long: [...token].length >= 3,
  };
}

/** The phrases a statement searches for (normalized: search/keyword.ts), those holding a word. */
function usable(phrases: readonly string[]): string[] {
  return phrases.filter((p) => tokensOf(p).length > 0);
}

/** The shapes of the phrases (of those holding a word, in order), the key of their statement. */
export function phraseShapes(phrases: readonly string[]): PhraseShape[] {
  return usable(phrases).map((phrase) => ({
    ...tokenShape(phrase),
    code: codeKind(phrase),
    approvalLength: phrase.length >= 6,
    short: [...phrase].length <= 2,
    tokens: tokensOf(phrase).map(tokenShape),
  }));
}

/**
 * The placeholders' values of the phrases' statements: phrase i is `k<i>` (its LIKE patterns
 * `k<i>s` start, `k<i>w` a word's start, `k<i>a` end, `k<i>c` contained; its index entries
 * `k<i>g`), its word j `k<i>t<j>`; `phrases` all of them, `scope` the buyer's business scope.
 */
export function keywordValues(
  phrases: readonly string[],
  scope?: readonly string[],
): Record<string, unknown> {
  const kept = usable(phrases);
  const values: Record<string, unknown> = { phrases: kept, scope: scope?.length ? [...scope] : null };
  kept.forEach((phrase, i) => {
    const k = `k${i}`;
    const escaped = escapeLike(phrase);
    const tokens = tokensOf(phrase);
    values[k] = phrase;
    values[`${k}s`] = `${escaped}%`;
    values[`${k}w`] = `% ${escaped}%`;
    values[`${k}a`] = `%${escaped}`;
    values[`${k}c`] = `%${escaped}%`;
    // A long word is looked up by its rarest grams, known from the index statistics.
    values[`${k}g`] = keywordGrams(tokens, gramFrequency);
    tokens.forEach((token, j) => {
      values[`${k}t${j}`] = token;
    });
  });
  return values;
}

const p = (name: string) => sql.placeholder(name);
/** The index expression of goods_search_grams, written as the index is so the planner uses it. */
const grams = sql.raw('search_grams(goods.search_text)');
const searchText = sql.raw('goods.search_text');
const or = (conds: SQL[]) => sql.join(conds, sql` or `);

/**
 * The same match confirmed on the row alone (no index): for walks down a sort index, where a
 * broad keyword's matches are dense and the grams would be computed row by row.
 */
export function containsCondition(shapes: readonly PhraseShape[]): SQL {
  if (!shapes.length) return sql`false`;
  const conds = shapes.map(
    (shape, i) =>
      sql`(${sql.join(
        shape.tokens.map((_, j) => sql`strpos(${searchText}, ${p(`k${i}t${j}`)}) > 0`),
        sql` and `,
      )})`,
  );
  return conds.length === 1 ? conds[0] : sql`(${or(conds)})`;
}

/**
 * A goods matches any of the phrases (false when none has a word). The index finds the goods
 * holding a phrase's grams; strpos confirms each word on the row (containsCondition). The two
 * halves are kept apart, (grams of A or grams of B) and (A on the row or B on the row), never
 * (grams of A and A on the row) or (...): the planner answers the first half from the index
 * alone, but would recompute the grams of every row found to test the second form (a millisecond
 * a row: an alias search of 扑热息痛 or 乙醇 took one to four seconds). Words on the row imply
 * their grams (grams never cross a space), so the two forms match the same goods. Not LIKE:
 * the planner would join the console's trigram index of search_text (040_admin_goods.sql) into
 * the bitmap, whose lossy matches make it recheck every row the same way.
 */
export function matchCondition(shapes: readonly PhraseShape[]): SQL {
  if (!shapes.length) return sql`false`;
  const found = shapes.map((_, i) => sql`${grams} @> ${p(`k${i}g`)}::text[]`);
  const indexed = found.length === 1 ? found[0] : sql`(${or(found)})`;
  return sql`(${indexed} and ${containsCondition(shapes)})`;
}

/**
 * A name column as a key compares with it. The key is lower case (keyword.ts normalizeKeyword);
 * a key without cased letters (Chinese, digits) compares with the column as it is: lower() could
 * change only cased letters, which the key does not hold, so the answer is the same, and
 * lower() of a Chinese name costs about ten microseconds a row (a fifth of a broad keyword's
 * statement at 100,000 goods).
 */
function folded(column: string, key: TokenShape): SQL {
  return sql.raw(key.caseless ? column : `lower(${column})`);
}

/**
 * The name fields a buyer means first: name and generic name, their initials, and their full
 * pinyin for a key of three letters or more (gm inside hongmeisu is no one's 感冒).
 */
function inNameFields(token: TokenShape, key: string): SQL {
  const conds = [
    sql`strpos(${folded('goods.name', token)}, ${p(key)}) > 0`,
    sql`strpos(${folded('goods.common_name', token)}, ${p(key)}) > 0`,
  ];
  if (!token.han) {
    conds.push(sql`strpos(goods.name_initials, ${p(key)}) > 0`);
    if (token.long) conds.push(sql`strpos(goods.name_pinyin, ${p(key)}) > 0`);
  }
  return sql`(${or(conds)})`;
}

/**
 * Exact: the name or the generic name is the phrase, or the phrase is the goods' barcode or
 * approval number (whole, or its letter and digits).
 */
function exactCondition(shape: PhraseShape, k: string): SQL {
  const conds = [
    sql`${folded('goods.name', shape)} = ${p(k)}`,
    sql`${folded('goods.common_name', shape)} = ${p(k)}`,
  ];
  if (shape.code === 'barcode') conds.push(sql`goods.barcode = ${p(k)}`);
  if (shape.code === 'approval') conds.push(sql`lower(goods.approval_no) like ${p(`${k}a`)}`);
  if (shape.approvalLength) conds.push(sql`lower(goods.approval_no) = ${p(k)}`);
  return or(conds);
}

/**
 * Prefix: the name, a word of it (芬必得 布洛芬缓释胶囊 starts a word with 布洛芬), the generic
 * name, the pinyin or the initials start with the phrase.
 */
function prefixCondition(shape: PhraseShape, k: string): SQL {
  const name = folded('goods.name', shape);
  const conds = [
    sql`${name} like ${p(`${k}s`)}`,
    sql`${name} like ${p(`${k}w`)}`,
    sql`${folded('goods.common_name', shape)} like ${p(`${k}s`)}`,
  ];
  if (!shape.han)
    conds.push(sql`goods.name_pinyin like ${p(`${k}s`)}`, sql`goods.name_initials like ${p(`${k}s`)}`);
  return or(conds);
}

/** Contained in the name fields (each word of the phrase). */
function nameContainsCondition(shape: PhraseShape, k: string): SQL {
  return sql.join(
    shape.tokens.map((token, j) => inNameFields(token, `${k}t${j}`)),
    sql` and `,
  );
}

/**
 * How well a matched goods answers the phrases, best first: 0 exact name or code, 1 prefix,
 * 2 contained in the name fields, 3 elsewhere (maker, approval number, barcode digits).
 */
export function matchTier(shapes: readonly PhraseShape[]): SQL {
  if (!shapes.length) return sql`3`;
  const any = (cond: (shape: PhraseShape, k: string) => SQL) =>
    or(shapes.map((shape, i) => sql`(${cond(shape, `k${i}`)})`));
  return sql`(case when ${any(exactCondition)} then 0 when ${any(prefixCondition)} then 1
    when ${any(nameContainsCondition)} then 2 else 3 end)`;
}

/**
 * In stock and buyable for the viewer (its business scope, when it is a buyer with one:
 * placeholder `scope`): such goods come before the others of the same tier.
 */
export function buyableRank(scoped: boolean): SQL {
  const inScope = scoped ? sql` and goods.scope_class = any(${p('scope')}::text[])` : sql``;
  return sql`(goods.stock_total > 0 and goods.is_buy${inScope})`;
}

/**
 * The maker's texts, as indexed for one- and two-character searches (db/sql/010_catalog.sql
 * goods_manufacturer_short_grams): written exactly as the index expression, so the planner
 * matches it.
 */
const makerShortGrams = sql.raw(
  `goods_short_grams(lower(goods.manufacturer || ' ' || goods.manufacturer_pinyin || ' ' || goods.manufacturer_initials))`,
);

/**
 * A maker search (type 1): a phrase contained in the maker, its pinyin or initials,
 * case-insensitively. Phrases of three characters or more are found through the trigram
 * indexes; shorter ones through the index of single characters and pairs (not `indexed`: a walk
 * down a sort index, which confirms the match on each row). A phrase without letters that have a
 * case (Chinese) is matched with LIKE: the same rows as ILIKE, without lower-casing every
 * candidate's text.
 */
export function makerCondition(shapes: readonly PhraseShape[], indexed = true): SQL {
  if (!shapes.length) return sql`false`;
  const conds = shapes.map((shape, i) => {
    const contained = p(`k${i}c`);
    const match = sql`(goods.manufacturer ${sql.raw(shape.caseless ? 'like' : 'ilike')} ${contained}
      or goods.manufacturer_pinyin like ${contained} or goods.manufacturer_initials like ${contained})`;
    if (!shape.short || !indexed) return match;
    return sql`(${makerShortGrams} @> array[${p(`k${i}`)}::text] and ${match})`;
  });
  return conds.length === 1 ? conds[0] : sql`(${or(conds)})`;
}

/** A maker search's tiers: 0 the maker itself, 1 its start, 2 contained. */
export function makerTier(shapes: readonly PhraseShape[]): SQL {
  if (!shapes.length) return sql`2`;
  const starts = shapes.map((_, i) => {
    const start = p(`k${i}s`);
    return sql`lower(goods.manufacturer) like ${start}
    or goods.manufacturer_pinyin like ${start} or goods.manufacturer_initials like ${start}`;
  });
  return sql`(case when lower(goods.manufacturer) = any(${p('phrases')}::text[]) then 0
    when ${or(starts)} then 1 else 2 end)`;
}
