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
 * For a keyword that found nothing: the generic name of the goods whose name's pinyin comes
 * nearest to the keyword's (buluofeng, bulofen, a mistyped 布落芬: 布洛芬...), by pg_trgm's word
 * similarity over the indexed pinyin (db/sql/010_catalog.sql goods_name_pinyin_trgm); null when
 * nothing is near enough. The pinyin is one word (no syllable breaks), so a typo costs more of
 * its trigrams than in spaced text: the threshold is lower than pg_trgm's default 0.6, set for
 * this statement's transaction only.
 */
export async function didYouMean(db: Db, keyword: string): Promise<string | null> {
  const typed = normalizeKeyword(keyword).replace(/ /g, '');
  const key = pinyinKeys(typed).full;
  if (key.length < 3) return null;
  const found = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(NEAR_ENOUGH)}, true)`,
    );
    const result = await tx.execute(sql`
      select goods.common_name as name from goods
      where goods.is_on_sale and ${key} <% goods.name_pinyin
      order by word_similarity(${key}, goods.name_pinyin) desc, similarity(${key}, goods.name_pinyin) desc,
        goods.sales_count desc, goods.id
      limit 1`);
    return (result.rows[0] as { name: string } | undefined)?.name ?? null;
  });
  return found && normalizeKeyword(found) !== typed ? found : null;
}
