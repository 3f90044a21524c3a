import type { Db } from '../../db/client';
import { didYouMean } from '../catalog/service';
import { recordSearch } from './stats';
import { expandKeyword } from './synonyms';

// What the goods list asks of search (catalog/routes.ts): before the query, the terms a keyword
// stands for; after it, the way out of an empty result and the statistics.

export { didYouMean } from '../catalog/service';
export { flushSearchStats, recordSearch } from './stats';
export { expandKeyword } from './synonyms';

interface KeywordQuery {
  keywords?: string;
  /** 0 drug names (aliases apply), 1 makers. */
  type: number;
  page: number;
  /** 1: search the keyword as typed (the buyer chose 仍搜索 over the alias). */
  no_alias?: number;
}

/** The terms to pass to the list (none: the keyword alone) and what to tell the buyer was searched. */
export async function planSearch(
  db: Db,
  q: KeywordQuery,
): Promise<{ terms?: string[]; searchedAs: string | null }> {
  const keyword = q.keywords?.trim();
  if (!keyword || q.type !== 0 || q.no_alias === 1) return { searchedAs: null };
  const { terms, expandedTo } = await expandKeyword(db, keyword);
  return terms.length > 1 ? { terms, searchedAs: expandedTo } : { searchedAs: null };
}

/**
 * After the list: counts the search (its first page only, so paging is not counted again) and,
 * when a drug search found nothing, the nearest name by pinyin.
 */
export async function searchOutcome(
  db: Db,
  q: KeywordQuery,
  total: number,
  now: Date,
): Promise<{ didYouMean: string | null }> {
  const keyword = q.keywords?.trim();
  if (!keyword || q.page !== 1) return { didYouMean: null };
  recordSearch(db, keyword, total, now);
  if (total > 0 || q.type !== 0) return { didYouMean: null };
  return { didYouMean: await didYouMean(db, keyword) };
}
