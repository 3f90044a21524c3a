import { beijingToday, type SearchStatsQuery, type SearchStatsRow } from '@yaocai/domain';
import { and, count, desc, eq, gt, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchDailyStats, searchSynonyms } from '../../db/schema/search';
import type { OperatorCtx } from '../../lib/context';
import { escapeLike } from '../catalog/queries';

// Search statistics (搜索词统计): each goods-list search is counted in process and the counts are
// written once a second in one statement, so a search costs no write of its own, concurrent
// searches of a popular keyword do not queue on its row lock, and a failing write never fails a
// search (the counts are best effort, like catalog's search_keywords).

const FLUSH_MS = 1_000;
const KEYWORD_MAX = 50;

interface Counts {
  day: string;
  keyword: string;
  searches: number;
  zeroResults: number;
}
const pending = new Map<Db, Map<string, Counts>>();

/** Counts one search of `keyword` on the Beijing day of `now`; `found` the goods it found. */
export function recordSearch(db: Db, keyword: string, found: number, now: Date): void {
  const k = keyword.trim().slice(0, KEYWORD_MAX);
  if (!k) return;
  let counts = pending.get(db);
  if (!counts) {
    counts = new Map();
    pending.set(db, counts);
    setTimeout(() => void flushSearchStats(db), FLUSH_MS).unref();
  }
  const day = beijingToday(now);
  const key = `${day} ${k}`;
  const entry = counts.get(key) ?? { day, keyword: k, searches: 0, zeroResults: 0 };
  entry.searches += 1;
  if (found === 0) entry.zeroResults += 1;
  counts.set(key, entry);
}

/** Writes the counts gathered so far (the timer does; tests call it to read them at once). */
export async function flushSearchStats(db: Db): Promise<void> {
  const counts = pending.get(db);
  pending.delete(db);
  if (!counts?.size) return;
  try {
    // Statistics, not records: the commit does not wait for its flush to disk (a second's
    // counts may be lost in a crash), so a slow disk never holds the searching sessions up.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx
        .insert(searchDailyStats)
        .values([...counts.values()])
        .onConflictDoUpdate({
          target: [searchDailyStats.day, searchDailyStats.keyword],
          set: {
            searches: sql`${searchDailyStats.searches} + excluded.searches`,
            zeroResults: sql`${searchDailyStats.zeroResults} + excluded.zero_results`,
          },
        });
    });
  } catch {
    // Best effort (and the database may have closed meanwhile).
  }
}

/** Per day and keyword, most searched first: every search (top) or those that found nothing (zero). */
export async function searchStats(ctx: OperatorCtx, query: SearchStatsQuery) {
  const where: SQL[] = [];
  if (query.view === 'zero') where.push(gt(searchDailyStats.zeroResults, 0));
  if (query.from) where.push(gte(searchDailyStats.day, query.from));
  if (query.to) where.push(lte(searchDailyStats.day, query.to));
  if (query.keyword) where.push(ilike(searchDailyStats.keyword, `%${escapeLike(query.keyword)}%`));
  const condition = where.length ? and(...where) : undefined;
  const most = query.view === 'zero' ? searchDailyStats.zeroResults : searchDailyStats.searches;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        day: searchDailyStats.day,
        keyword: searchDailyStats.keyword,
        searches: searchDailyStats.searches,
        zeroResults: searchDailyStats.zeroResults,
        synonymId: searchSynonyms.id,
      })
      .from(searchDailyStats)
      .leftJoin(
        searchSynonyms,
        eq(sql`lower(${searchSynonyms.term})`, sql`lower(${searchDailyStats.keyword})`),
      )
      .where(condition)
      .orderBy(desc(searchDailyStats.day), desc(most), searchDailyStats.keyword)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(searchDailyStats).where(condition),
  ]);
  return {
    list: rows.map(
      (r): SearchStatsRow => ({
        day: r.day,
        keyword: r.keyword,
        searches: r.searches,
        zero_results: r.zeroResults,
        synonym_id: r.synonymId,
      }),
    ),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
