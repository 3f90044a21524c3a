// How a keyword expands through the aliases: pure, so the rule is tested without a database.

export interface Synonym {
  term: string;
  expansions: string[];
  twoWay: boolean;
}

export interface Expansion {
  /** The keyword first, then what it also searches for (a goods matching any is found). */
  terms: string[];
  /** What to tell the buyer was searched (对乙酰氨基酚), or null when nothing was expanded. */
  expandedTo: string | null;
}

/** Terms searched at most for one keyword: each is one more contains-match in the query. */
export const MAX_TERMS = 12;

/** The form a keyword is looked up in: 维Ｃ, 维c and 维C are one alias. */
export const synonymKey = (text: string) => text.normalize('NFKC').trim().toLowerCase();

interface Entry {
  terms: string[];
  expandedTo: string | null;
}

/**
 * The aliases as a lookup from keyword to what it expands to. A term expands to its names and
 * says so; in a two-way alias each name also finds the term and the other names, silently (the
 * buyer typed a name the catalogue uses: 对乙酰氨基酚 also finds goods still named 扑热息痛).
 */
export function synonymIndex(rows: readonly Synonym[]): Map<string, Entry> {
  const index = new Map<string, Entry>();
  const add = (key: string, terms: string[], expandedTo: string | null) => {
    const entry = index.get(key) ?? { terms: [], expandedTo: null };
    for (const t of terms) if (synonymKey(t) !== key && !entry.terms.includes(t)) entry.terms.push(t);
    entry.expandedTo ??= expandedTo;
    index.set(key, entry);
  };
  for (const row of rows) {
    add(synonymKey(row.term), row.expansions, row.expansions.join('、'));
    if (!row.twoWay) continue;
    for (const name of row.expansions) add(synonymKey(name), [row.term, ...row.expansions], null);
  }
  return index;
}

/** What a keyword searches for: itself, and through the aliases up to MAX_TERMS terms in all. */
export function expansionOf(index: ReadonlyMap<string, Entry>, keyword: string): Expansion {
  const typed = keyword.trim();
  const entry = typed ? index.get(synonymKey(typed)) : undefined;
  if (!entry) return { terms: typed ? [typed] : [], expandedTo: null };
  return { terms: [typed, ...entry.terms].slice(0, MAX_TERMS), expandedTo: entry.expandedTo };
}
