import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, goods, goodsCategories } from '../../db/schema/catalog';

// What the open API's goods feed (open/goods.ts) reads and writes of the catalogue: goods by ERP
// code with their category links, categories by code, goods of the same identity, and, inside the
// caller's transaction, the set-based upsert by ERP code and the category links. The same
// statements the feed ran itself, one per step for the whole request.

export type GoodsRecord = typeof goods.$inferSelect;
export type GoodsInsert = typeof goods.$inferInsert;

/** The goods with these ERP codes, whole rows. */
export function goodsByErpCode(db: DbOrTx, codes: string[]): Promise<GoodsRecord[]> {
  return codes.length ? db.select().from(goods).where(inArray(goods.erpCode, codes)) : Promise.resolve([]);
}

/** The ids of the categories with these codes. */
export function categoriesByCode(db: DbOrTx, codes: string[]) {
  return codes.length
    ? db
        .select({ id: categories.id, code: categories.code })
        .from(categories)
        .where(inArray(categories.code, codes))
    : Promise.resolve([]);
}

/** The category links of these goods. */
export function categoryLinksOf(db: DbOrTx, goodsIds: number[]) {
  return goodsIds.length
    ? db
        .select({ goodsId: goodsCategories.goodsId, categoryId: goodsCategories.categoryId })
        .from(goodsCategories)
        .where(inArray(goodsCategories.goodsId, goodsIds))
    : Promise.resolve([]);
}

/** The goods whose (approval number, specification, maker) is one of these. */
export function goodsOfIdentities(
  db: DbOrTx,
  identities: { approvalNo: string; spec: string; manufacturer: string }[],
) {
  return db
    .select({
      id: goods.id,
      sku: goods.sku,
      approvalNo: goods.approvalNo,
      spec: goods.spec,
      manufacturer: goods.manufacturer,
    })
    .from(goods)
    .where(
      sql`(${goods.approvalNo}, ${goods.spec}, ${goods.manufacturer}) in (select * from unnest(${sql.param(identities.map((v) => v.approvalNo))}::text[], ${sql.param(identities.map((v) => v.spec))}::text[], ${sql.param(identities.map((v) => v.manufacturer))}::text[]))`,
    );
}

/**
 * Inserts goods by ERP code, or sets the `owned` columns (and updatedAt) of the goods that hold the
 * code already; a new goods gets its SKU from its id. Returns each row's id, ERP code and whether
 * it was created.
 */
export async function upsertGoodsByErpCode(
  tx: DbOrTx,
  now: Date,
  items: { erpCode: string; values: Omit<GoodsInsert, 'erpCode' | 'sku'> }[],
  owned: readonly (keyof GoodsRecord)[],
) {
  const set = Object.fromEntries(
    [...owned, 'updatedAt' as const].map((k) => [k, sql.raw(`excluded.${goods[k].name}`)]),
  );
  const rows = await tx
    .insert(goods)
    .values(
      items.map((p) => ({
        ...p.values,
        erpCode: p.erpCode,
        sku: randomUUID(),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({ target: goods.erpCode, set })
    .returning({ id: goods.id, erpCode: goods.erpCode, inserted: sql<boolean>`(xmax = 0)` });
  const created = rows.filter((r) => r.inserted).map((r) => r.id);
  if (created.length)
    await tx
      .update(goods)
      .set({ sku: sql`'YC' || lpad(${goods.id}::text, 8, '0')` })
      .where(inArray(goods.id, created));
  return rows;
}

/** Replaces the category links of these goods. */
export async function relinkCategories(tx: DbOrTx, links: { goodsId: number; categoryIds: number[] }[]) {
  if (links.length === 0) return;
  await tx.delete(goodsCategories).where(
    inArray(
      goodsCategories.goodsId,
      links.map((l) => l.goodsId),
    ),
  );
  await tx
    .insert(goodsCategories)
    .values(links.flatMap((l) => l.categoryIds.map((categoryId) => ({ goodsId: l.goodsId, categoryId }))));
}
