import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { anyOf } from '../../db/raw';
import { goods } from '../../db/schema/catalog';

/** A goods' quantity rule (its minimum and step), or undefined when there is no such goods. */
export async function goodsQuantityRule(db: DbOrTx, goodsId: number) {
  const [row] = await db
    .select({ min: goods.minQuantity, step: goods.stepQuantity })
    .from(goods)
    .where(eq(goods.id, goodsId));
  return row;
}

/**
 * What papers and lists of other modules (invoices, GSP records, delivery notes, item requests)
 * show of goods, by id: one statement for any number of goods; a deleted goods is absent.
 */
export async function goodsPaperFacts(db: DbOrTx, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows =
    unique.length === 0
      ? []
      : await db
          .select({
            id: goods.id,
            name: goods.name,
            isOnSale: goods.isOnSale,
            commonName: goods.commonName,
            dosageForm: goods.dosageForm,
            holder: goods.authorizationHolder,
            approvalNo: goods.approvalNo,
            scopeClass: goods.scopeClass,
            taxCode: goods.taxCode,
            taxRate: goods.taxRate,
          })
          .from(goods)
          .where(anyOf(goods.id, unique));
  return new Map(rows.map(({ id, ...facts }) => [id, facts]));
}

export type GoodsPaperFacts = NonNullable<ReturnType<Awaited<ReturnType<typeof goodsPaperFacts>>['get']>>;
