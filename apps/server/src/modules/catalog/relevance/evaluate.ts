import queriesFile from './queries.json';

// The relevance set (queries.json) and how a search is scored against it: recall@10 (the share
// of queries with an expected goods in the first ten results) and MRR (the mean of 1 / the rank
// of the first expected goods; 0 when none is in the first ten).

export interface RelevanceQuery {
  kind: string;
  /** The typed keyword; null for a barcode (barcodeOf). */
  q: string | null;
  /** 1: a maker search (expect holds makers' names). */
  type?: number;
  expect: string[];
  /** The sku whose barcode is scanned. */
  barcodeOf?: string;
  /** Found only through search-ux's synonyms. */
  needsAliases?: boolean;
}

export const relevanceQueries = queriesFile.queries as RelevanceQuery[];

/** One result as a search answers it: the goods' name and maker. */
export interface Hit {
  name: string;
  sccj: string;
}

export interface Scored {
  query: RelevanceQuery;
  keyword: string;
  /** 1-based rank of the first expected result in the first ten; null when none. */
  rank: number | null;
  top: string[];
}

export interface RelevanceReport {
  queries: number;
  recallAt10: number;
  mrr: number;
  byKind: Record<string, { queries: number; recallAt10: number; mrr: number }>;
  misses: Scored[];
}

/**
 * Runs every query (those needing aliases only when `withAliases`) through `search` and scores
 * it. `barcodeOf` gives a goods' barcode by sku.
 */
export async function evaluateRelevance(
  search: (keyword: string, type: number) => Promise<Hit[]>,
  barcodeOf: (sku: string) => Promise<string>,
  options: { withAliases?: boolean } = {},
): Promise<RelevanceReport> {
  const scored: Scored[] = [];
  for (const query of relevanceQueries) {
    if (query.needsAliases && !options.withAliases) continue;
    const keyword = query.barcodeOf ? await barcodeOf(query.barcodeOf) : (query.q ?? '');
    const type = query.type ?? 0;
    const hits = (await search(keyword, type)).slice(0, 10);
    const shown = hits.map((h) => (type === 1 ? h.sccj : h.name));
    const at = shown.findIndex((text) => query.expect.includes(text));
    scored.push({ query, keyword, rank: at < 0 ? null : at + 1, top: shown });
  }
  const summary = (items: Scored[]) => ({
    queries: items.length,
    recallAt10: items.filter((s) => s.rank !== null).length / Math.max(1, items.length),
    mrr: items.reduce((sum, s) => sum + (s.rank ? 1 / s.rank : 0), 0) / Math.max(1, items.length),
  });
  const kinds = [...new Set(scored.map((s) => s.query.kind))];
  return {
    ...summary(scored),
    byKind: Object.fromEntries(kinds.map((k) => [k, summary(scored.filter((s) => s.query.kind === k))])),
    misses: scored.filter((s) => s.rank === null),
  };
}

/** The report as lines for a log or RESULTS.md. */
export function formatRelevance(r: RelevanceReport): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return [
    `relevance: ${r.queries} queries, recall@10 ${pct(r.recallAt10)}, MRR ${r.mrr.toFixed(3)}`,
    ...Object.entries(r.byKind).map(
      ([kind, k]) =>
        `  ${kind.padEnd(9)} ${String(k.queries).padStart(3)} queries  recall@10 ${pct(k.recallAt10)}  MRR ${k.mrr.toFixed(3)}`,
    ),
    ...r.misses.map(
      (m) => `  missed: ${m.query.kind} "${m.keyword}" -> ${m.top.slice(0, 3).join(' | ') || '(nothing)'}`,
    ),
  ].join('\n');
}
