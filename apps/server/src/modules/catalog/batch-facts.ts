import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { anyOf } from '../../db/raw';
import { goods, goodsBatches } from '../../db/schema/catalog';

// What compliance (药检报告, shipping's batches) reads and writes of the goods' batches. Stock
// leaves the batches inside the shipment's transaction: the caller passes its `tx`.

/** A batch of a goods (undefined when the batch is not that goods'). */
export async function goodsBatchOf(db: DbOrTx, goodsId: number, batchId: number) {
  const [batch] = await db
    .select({ id: goodsBatches.id, batchNo: goodsBatches.batchNo })
    .from(goodsBatches)
    .where(and(eq(goodsBatches.id, batchId), eq(goodsBatches.goodsId, goodsId)));
  return batch;
}

/** The batch numbers of these batches, by id (one statement). */
export async function batchNumbers(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: goodsBatches.id, batchNo: goodsBatches.batchNo })
    .from(goodsBatches)
    .where(anyOf(goodsBatches.id, unique));
  return new Map(rows.map((r) => [r.id, r.batchNo]));
}

/** The batch of a goods that ships next (first expiry first out: in date, holding stock), if any. */
export async function nextShippingBatch(db: DbOrTx, goodsId: number, today: string) {
  const [next] = await db
    .select({ id: goodsBatches.id, batchNo: goodsBatches.batchNo, expiresOn: goodsBatches.expiresOn })
    .from(goodsBatches)
    .where(
      and(eq(goodsBatches.goodsId, goodsId), gt(goodsBatches.quantity, 0), gt(goodsBatches.expiresOn, today)),
    )
    .orderBy(asc(goodsBatches.expiresOn), asc(goodsBatches.id))
    .limit(1);
  return next;
}

/**
 * Locks the goods rows in id order (as order stock moves and batch corrections lock them), then
 * their batches, in the caller's transaction; returns the batches in id order.
 */
export async function lockGoodsBatches(tx: Tx, goodsIds: number[]) {
  await tx
    .select({ id: goods.id })
    .from(goods)
    .where(inArray(goods.id, goodsIds))
    .orderBy(asc(goods.id))
    .for('update');
  return tx
    .select()
    .from(goodsBatches)
    .where(inArray(goodsBatches.goodsId, goodsIds))
    .orderBy(asc(goodsBatches.id))
    .for('update');
}

/**
 * Sets what batches hold after a shipment took from them, and the expiry buyers see of their
 * goods (the earliest batch still holding stock; catalog/batches.ts). In the locking transaction.
 */
export async function takeFromBatches(tx: Tx, left: { id: number; quantity: number }[], goodsIds: number[]) {
  if (left.length)
    await tx.execute(sql`update ${goodsBatches} set quantity = v.quantity
      from (select unnest(${sql.param(left.map((b) => b.id))}::int[]) as id,
                   unnest(${sql.param(left.map((b) => b.quantity))}::int[]) as quantity) v
      where ${goodsBatches.id} = v.id`);
  await tx
    .update(goods)
    .set({
      expiresOn: sql`(select min(b.expires_on) from goods_batches b where b.goods_id = ${goods.id} and b.quantity > 0)`,
    })
    .where(inArray(goods.id, goodsIds));
}
