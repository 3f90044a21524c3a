import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { pinyinKeys } from '../pinyin';
import { normalizeKeyword } from './keyword';

/**
 * How near a goods' pinyin must come (pg_trgm word similarity, 0 to 1): bulofen to buluofen is
 * 0.27 (one letter dropped inside an unspaced word), six letters matching nothing score 0.25.
 */
const NEAR_ENOUGH = 0.27;

/**
 * The vocabulary (db/sql/100_search.sql goods_vocabulary) is refreshed by the first search of a
 * process (awaited: goods may have been loaded since the view was made) and then in the
 * background at most every REFRESH_MS: it is a word list, not a result, so a name listed a few
 * minutes ago may not be offered yet.
 */
const REFRESH_MS = 5 * 60_000;
const refreshed = new WeakMap<object, { at: number; done: Promise<void> }>();

function refreshVocabulary(db: Db): Promise<void> {
  const now = Date.now();
  const last = refreshed.get(db);
  if (last && now - last.at < REFRESH_MS) return last.done;
  const done = db
    .execute(sql`refresh materialized view concurrently goods_vocabulary`)
    .then(() => undefined)
    .catch(() => undefined);
  refreshed.set(db, { at: now, done });
  // Only the first refresh is waited for; later ones run while the old vocabulary answers.
  return last ? last.done : done;
}

/**
 * For a keyword that found nothing: the generic name of the goods whose name's pinyin comes
 * nearest to the keyword's (buluofeng, bulofen, a mistyped 布落芬: 布洛芬...), by pg_trgm's word
 * similarity over the vocabulary's indexed pinyin; null when nothing is near enough. The pinyin
 * is one word (no syllable breaks), so a typo costs more of its trigrams than in spaced text: the
 * threshold is lower than pg_trgm's default 0.6, set for this statement's transaction only.
 */
export async function didYouMean(db: Db, keyword: string): Promise<string | null> {
  const typed = normalizeKeyword(keyword).replace(/ /g, '');
  const key = pinyinKeys(typed).full;
  if (key.length < 3) return null;
  await refreshVocabulary(db);
  const found = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(NEAR_ENOUGH)}, true)`,
    );
    const result = await tx.execute(sql`
      select name from goods_vocabulary where ${key} <% pinyin
      order by word_similarity(${key}, pinyin) desc, similarity(${key}, pinyin) desc, sales desc, pinyin
      limit 1`);
    return (result.rows[0] as { name: string } | undefined)?.name ?? null;
  });
  return found && normalizeKeyword(found) !== typed ? found : null;
}
