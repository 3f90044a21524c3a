// How a typed keyword becomes search keys (pure; mirrored by db/sql/100_search.sql).

/** The most tokens (space-separated words) a keyword is searched by; the rest are ignored. */
export const MAX_TOKENS = 5;

/**
 * The keyword as the search text holds it: full-width letters and digits folded (ＶＣ -> vc),
 * lower case, words separated by one space, no LIKE wildcards of its own.
 */
export function normalizeKeyword(raw: string): string {
  return raw.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The words of a normalized keyword, each searched for on its own (布洛芬 缓释: both). */
export function tokensOf(keyword: string): string[] {
  return [...new Set(keyword.split(' ').filter(Boolean))].slice(0, MAX_TOKENS);
}

/**
 * The index entries a token is found by (db/sql/100_search.sql search_grams): one or two
 * characters are an entry themselves; a longer token is every character triple it holds.
 */
export function gramsOf(token: string): string[] {
  const chars = [...token];
  if (chars.length <= 2) return [token];
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(''));
  return [...grams];
}

/** The most index entries a long token is looked up by (its rarest). */
export const GRAMS_PER_TOKEN = 2;

/**
 * The index entries a keyword is looked up by: a goods holding the keyword holds every gram of
 * every token, so any of them narrows it down, and the rows found are confirmed word by word
 * anyway (search/match.ts). Of a long token only its GRAMS_PER_TOKEN rarest grams are looked
 * up (`frequency`: the share of goods holding a gram, 0 when unknown, as the index statistics
 * give it): each gram looked up is a posting list the index walks, and a long pinyin's twenty
 * trigrams (wei, eis, ish... in weishengsuruanjiaonang) took 2 to 34 ms where its two rarest take
 * 0.1 ms. Ties keep the token's order.
 */
export function keywordGrams(
  tokens: readonly string[],
  frequency: (gram: string) => number = () => 0,
): string[] {
  const picked = tokens.flatMap((token) =>
    gramsOf(token)
      .map((gram, i) => ({ gram, i, f: frequency(gram) }))
      .sort((a, b) => a.f - b.f || a.i - b.i)
      .slice(0, GRAMS_PER_TOKEN)
      .map((g) => g.gram),
  );
  return [...new Set(picked)];
}

/**
 * What kind of code a keyword is, when it is one: a barcode (8 to 14 digits, as a scanner types
 * it) or an approval / registration number's letter and digits (H13023964, Z20063456), which
 * an exact search puts first.
 */
export function codeKind(keyword: string): 'barcode' | 'approval' | null {
  if (/^\d{8,14}$/.test(keyword)) return 'barcode';
  if (/^(国药准字)?[hzsbtfj]\d{8}$/.test(keyword)) return 'approval';
  return null;
}

/** Escapes LIKE wildcards so a keyword matches literally (the keyword is a bound parameter). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
