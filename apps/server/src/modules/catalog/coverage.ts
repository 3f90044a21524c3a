import type { CoverageFacts } from '@yaocai/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, goods, goodsCategories } from '../../db/schema';

/**
 * The facts promotions decide coverage on (promotion/coverage.ts), for many goods at once: the
 * goods' categories with their ancestors, brand, zones and 含麻 flag. Two queries whatever the
 * number of goods: the goods with their own categories, then the category tree (small).
 */
export async function coverageFactsOf(db: DbOrTx, goodsIds: readonly number[]) {
  const facts = new Map<number, CoverageFacts>();
  if (goodsIds.length === 0) return facts;
  const [rows, tree] = await Promise.all([
    db
      .select({
        id: goods.id,
        brandId: goods.brandId,
        zones: goods.zones,
        ephedrine: goods.ephedrine,
        categoryIds: sql<
          number[]
        >`coalesce(array_agg(${goodsCategories.categoryId}) filter (where ${goodsCategories.categoryId} is not null), '{}')`,
      })
      .from(goods)
      .leftJoin(goodsCategories, eq(goodsCategories.goodsId, goods.id))
      .where(inArray(goods.id, [...new Set(goodsIds)]))
      .groupBy(goods.id),
    db.select({ id: categories.id, parentId: categories.parentId }).from(categories),
  ]);
  const parent = new Map(tree.map((c) => [c.id, c.parentId]));
  for (const row of rows) {
    const all = new Set<number>();
    for (const id of row.categoryIds.map(Number)) {
      // Walk up to the root; the guard stops a (corrupt) cycle.
      for (let c: number | null | undefined = id; c != null && !all.has(c); c = parent.get(c)) all.add(c);
    }
    facts.set(row.id, {
      goodsId: row.id,
      categoryIds: [...all],
      brandId: row.brandId,
      zones: row.zones,
      ephedrine: row.ephedrine,
    });
  }
  return facts;
}
