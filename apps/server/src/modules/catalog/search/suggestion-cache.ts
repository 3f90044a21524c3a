/**
 * Suggestions per (database, type, keyword, alternatives), cached for a short while by the
 * service and dropped with the goods lists on every goods write (queries.ts invalidateGoodsLists).
 */
export const suggestionCache = new Map<string, { at: number; list: Promise<string[]> }>();
