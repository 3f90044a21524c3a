import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { goods } from '../../db/schema';
import { pinyinKeys } from '../catalog/pinyin';

// The seam for "did you mean" (issue #34): catalog's search engine owns the name index and exports
// its own didYouMean(db, keyword) with this signature; at the merge the goods list route takes
// that one and this file goes. Until then: the name whose full pinyin holds the keyword's pinyin
// most closely (pg_trgm word similarity, through goods_name_pinyin_trgm), so 阿摸西林 and
// amoxilin lead to 阿莫西林.

const letters = /^[a-z0-9\s]+$/i;

/** The nearest goods name by pinyin for a keyword that found nothing, or null. */
export async function didYouMean(db: Db, keyword: string): Promise<string | null> {
  const typed = keyword.trim();
  const key = letters.test(typed) ? typed.toLowerCase().replace(/\s+/g, '') : pinyinKeys(typed).full;
  if (key.length < 3) return null;
  const [row] = await db
    .select({ name: goods.name, commonName: goods.commonName })
    .from(goods)
    .where(and(eq(goods.isOnSale, true), sql`${key} <% ${goods.namePinyin}`))
    .orderBy(desc(sql`word_similarity(${key}, ${goods.namePinyin})`), desc(goods.salesCount))
    .limit(1);
  if (!row) return null;
  const suggestion = row.commonName || row.name;
  return suggestion === typed ? null : suggestion;
}
