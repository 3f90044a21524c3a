import { type Coverage, type CoverageFacts, covers } from '@yaocai/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rawRows, statement } from '../../db/raw';
import { brands, categories, goods, goodsCategories } from '../../db/schema/catalog';
import { coverageCondition } from './queries';

// What promotions decide coverage on (packages/domain covers()): per goods its categories with
// their ancestors, brand, zones and 含麻 flag. The promotion module asks here; it never reads the
// catalogue's tables itself.

/**
 * Per goods: brand, zones, 含麻 flag and every category it is linked to with their ancestors,
 * walked up the tree in the same statement (one round trip, fresh inside a transaction too).
 */
const factsOfGoods = statement(
  'coverage_facts',
  sql`with recursive lineage(goods_id, category_id) as (
      select ${goodsCategories.goodsId}, ${goodsCategories.categoryId} from ${goodsCategories}
      where ${goodsCategories.goodsId} = any($1::int[])
      union
      select lineage.goods_id, ${categories.parentId} from lineage
      join ${categories} on ${categories.id} = lineage.category_id
      where ${categories.parentId} is not null
    )
    select ${goods.id} as "goodsId", ${goods.brandId} as "brandId", ${goods.zones} as "zones",
      ${goods.ephedrine} as "ephedrine",
      coalesce((select array_agg(lineage.category_id order by lineage.category_id) from lineage
        where lineage.goods_id = ${goods.id}), '{}') as "categoryIds"
    from ${goods} where ${goods.id} = any($1::int[])`,
);

/** Coverage facts of these goods (unknown ids are left out). */
export async function coverageFactsOf(
  db: DbOrTx,
  goodsIds: readonly number[],
): Promise<Map<number, CoverageFacts>> {
  const ids = [...new Set(goodsIds)];
  if (ids.length === 0) return new Map();
  const rows = await rawRows<CoverageFacts>(db, factsOfGoods, [ids]);
  return new Map(rows.map((r) => [r.goodsId, r]));
}

/**
 * A coverage's categories with all their sub-categories, so a goods is matched on its own
 * categories (CoverageFacts.categoryIds) without walking the tree per goods.
 */
export function descendantsExpander(rows: { id: number; parentId: number | null }[]) {
  const children = new Map<number, number[]>();
  for (const r of rows) {
    if (r.parentId === null) continue;
    children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  }
  return (ids: readonly number[] | undefined): number[] | undefined => {
    if (!ids?.length) return ids ? [] : undefined;
    const out = new Set<number>();
    const stack = [...ids];
    while (stack.length > 0) {
      const id = stack.pop() as number;
      if (out.has(id)) continue;
      out.add(id);
      stack.push(...(children.get(id) ?? []));
    }
    return [...out].sort((a, b) => a - b);
  };
}

/**
 * The goods a coverage covers (on sale, by id), at most `limit` of them: a SQL prefilter on the
 * named goods, brands, zones and category links narrows the candidates, covers() decides.
 */
export async function coveredGoodsIds(db: DbOrTx, coverage: Coverage, limit = 5_000): Promise<number[]> {
  const categoryIds = coverage.categoryIds?.length
    ? descendantsExpander(
        await db.select({ id: categories.id, parentId: categories.parentId }).from(categories),
      )(coverage.categoryIds)
    : coverage.categoryIds;
  const candidates = await db
    .select({ id: goods.id })
    .from(goods)
    .where(
      and(
        eq(goods.isOnSale, true),
        eq(goods.ephedrine, false),
        coverageCondition({ ...coverage, categoryIds }),
      ),
    )
    .orderBy(goods.id)
    .limit(limit);
  const facts = await coverageFactsOf(
    db,
    candidates.map((r) => r.id),
  );
  return [...facts.values()]
    .filter((f) => covers(coverage, f))
    .map((f) => f.goodsId)
    .sort((a, b) => a - b);
}

/** Which parts of a coverage name goods, categories or brands that do not exist. */
export async function unknownCoverage(db: DbOrTx, c: Coverage) {
  const count = async (table: typeof categories | typeof brands, ids: readonly number[] | undefined) =>
    ids?.length
      ? (
          await db
            .select({ id: table.id })
            .from(table)
            .where(inArray(table.id, [...ids]))
        ).length
      : 0;
  const goodsFound = (await coverageFactsOf(db, c.goodsIds ?? [])).size;
  return {
    goods: goodsFound !== new Set(c.goodsIds ?? []).size,
    categories: (await count(categories, c.categoryIds)) !== new Set(c.categoryIds ?? []).size,
    brands: (await count(brands, c.brandIds)) !== new Set(c.brandIds ?? []).size,
  };
}

/** Name and base price of goods a promotion names (the console's lists and the price checks). */
export async function goodsBriefsOf(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { id: number; name: string; basePriceFen: number }>();
  const rows = await db
    .select({ id: goods.id, name: goods.name, basePriceFen: goods.basePriceFen })
    .from(goods)
    .where(inArray(goods.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
