import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { goods } from '../../db/schema/catalog';

/** A goods' quantity rule (its minimum and step), or undefined when there is no such goods. */
export async function goodsQuantityRule(db: DbOrTx, goodsId: number) {
  const [row] = await db
    .select({ min: goods.minQuantity, step: goods.stepQuantity })
    .from(goods)
    .where(eq(goods.id, goodsId));
  return row;
}
