import type { SynonymBody, SynonymView } from '@yaocai/domain';
import { and, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { searchSynonyms } from '../../db/schema/search';
import { sharedForget } from '../../lib/cache-bus';
import { databaseTag } from '../../lib/cache-key';
import type { OperatorCtx } from '../../lib/context';
import { fieldError, notFound } from '../../lib/errors';
import { audit } from '../audit/service';
import { escapeLike, listCacheTtlMs } from '../catalog/queries';
import { type Expansion, expansionOf, synonymIndex, synonymKey } from './expansion';

// The aliases (搜索同义词): read by every keyword search through a per-process index of the whole
// table, kept for the catalogue's cache time (at least a second, so a cache-off benchmark still
// reads the table once a second rather than per search) and dropped on every write, in every
// process (lib/cache-bus).

const SYNONYM_TTL_MS = Math.max(listCacheTtlMs, 1_000);
const indexes = new Map<string, { at: number; index: Promise<ReturnType<typeof synonymIndex>> }>();
const forgetSynonyms = sharedForget('search-synonyms', () => indexes.clear());

function loadIndex(db: Db) {
  const key = databaseTag(db);
  const now = Date.now();
  const hit = indexes.get(key);
  if (hit && now - hit.at < SYNONYM_TTL_MS) return hit.index;
  const index = db
    .select({
      term: searchSynonyms.term,
      expansions: searchSynonyms.expansions,
      twoWay: searchSynonyms.twoWay,
    })
    .from(searchSynonyms)
    .then(synonymIndex);
  indexes.set(key, { at: now, index });
  index.catch(() => indexes.delete(key));
  return index;
}

/** What a keyword searches for through the aliases (the keyword itself first). */
export async function expandKeyword(db: Db, keyword: string): Promise<Expansion> {
  return expansionOf(await loadIndex(db), keyword);
}

type Row = typeof searchSynonyms.$inferSelect;
const view = (r: Row): SynonymView => ({
  id: r.id,
  term: r.term,
  expansions: r.expansions,
  two_way: r.twoWay,
  updated_at: r.updatedAt.toISOString(),
});

export async function listSynonyms(
  ctx: OperatorCtx,
  query: { keyword?: string; page: number; page_size: number },
) {
  const k = query.keyword?.trim();
  const where: SQL | undefined = k
    ? sql`(${searchSynonyms.term} ilike ${`%${escapeLike(k)}%`} or array_to_string(${searchSynonyms.expansions}, ' ') ilike ${`%${escapeLike(k)}%`})`
    : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(searchSynonyms)
      .where(where)
      .orderBy(desc(searchSynonyms.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(searchSynonyms).where(where),
  ]);
  return { list: rows.map(view), total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

const sameTerm = (term: string) => sql`lower(${searchSynonyms.term}) = ${synonymKey(term)}`;
const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
const termTaken = () => fieldError('term', '该搜索词已有同义词，请编辑原有的一条');

async function assertTermFree(tx: DbOrTx, term: string, exceptId: number | null) {
  const [other] = await tx
    .select({ id: searchSynonyms.id })
    .from(searchSynonyms)
    .where(exceptId === null ? sameTerm(term) : and(sameTerm(term), ne(searchSynonyms.id, exceptId)));
  if (other) throw termTaken();
}

/** Adds (id null) or changes an alias, audited; a term has one alias (422 on the term otherwise). */
export async function saveSynonym(
  ctx: OperatorCtx,
  id: number | null,
  body: SynonymBody,
): Promise<SynonymView> {
  const values = { term: body.term.normalize('NFKC'), expansions: body.expansions, twoWay: body.two_way };
  try {
    const saved = await ctx.db.transaction(async (tx) => {
      if (id === null) {
        await assertTermFree(tx, values.term, null);
        const [row] = await tx
          .insert(searchSynonyms)
          .values({ ...values, createdAt: ctx.now, updatedAt: ctx.now })
          .returning();
        await audit(tx, ctx, {
          action: 'search_synonym.create',
          target: { type: 'search_synonym', id: row.id },
          after: view(row),
        });
        return row;
      }
      const [before] = await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id)).for('update');
      if (!before) throw notFound('同义词不存在或已删除');
      await assertTermFree(tx, values.term, id);
      const [row] = await tx
        .update(searchSynonyms)
        .set({ ...values, updatedAt: ctx.now })
        .where(eq(searchSynonyms.id, id))
        .returning();
      await audit(tx, ctx, {
        action: 'search_synonym.update',
        target: { type: 'search_synonym', id },
        before: view(before),
        after: view(row),
      });
      return row;
    });
    forgetSynonyms();
    return view(saved);
  } catch (error) {
    // Two operators adding one term at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw termTaken();
    throw error;
  }
}

export async function deleteSynonym(ctx: OperatorCtx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning();
    if (!before) throw notFound('同义词不存在或已删除');
    await audit(tx, ctx, {
      action: 'search_synonym.delete',
      target: { type: 'search_synonym', id },
      before: view(before),
    });
  });
  forgetSynonyms();
}
