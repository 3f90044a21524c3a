import { and, asc, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { goods, goodsBatches, goodsStock, warehouses } from '../../db/schema/catalog';

// What the open API's stock feed (open/stock.ts) reads and writes of the catalogue: goods by ERP
// code, the warehouses by code, and, inside the caller's transaction, the locked goods with their
// batches and sellable stock, then the batches and stock the ERP counted. The same statements the
// feed ran itself, one per step for the whole request.

export type BatchRecord = typeof goodsBatches.$inferSelect;

/** The ids of the goods with these ERP codes. */
export function goodsIdsByErpCode(db: DbOrTx, codes: string[]) {
  return db.select({ id: goods.id, erpCode: goods.erpCode }).from(goods).where(inArray(goods.erpCode, codes));
}

/** Every warehouse's id and code, in id order (the first is the default). */
export function warehouseCodes(db: DbOrTx) {
  return db.select({ id: warehouses.id, code: warehouses.code }).from(warehouses).orderBy(asc(warehouses.id));
}

/**
 * Locks the goods rows (in id order, as order stock moves lock them) and reads their stock total,
 * batches and sellable stock per warehouse.
 */
export async function lockStockOf(tx: DbOrTx, goodsIds: number[]) {
  const locked = await tx
    .select({ id: goods.id, stockTotal: goods.stockTotal })
    .from(goods)
    .where(inArray(goods.id, goodsIds))
    .orderBy(asc(goods.id))
    .for('update');
  const [batches, stock] = await Promise.all([
    tx.select().from(goodsBatches).where(inArray(goodsBatches.goodsId, goodsIds)),
    tx.select().from(goodsStock).where(inArray(goodsStock.goodsId, goodsIds)),
  ]);
  return { locked, batches, stock };
}

/** A counted batch of one goods in one warehouse. */
export interface CountedBatch {
  goodsId: number;
  warehouseId: number;
  batchNo: string;
  producedOn: string;
  expiresOn: string;
  quantity: number;
}

/**
 * Sets the batches of some (goods, warehouse) pairs to what was counted (a batch not counted holds
 * nothing; its row stays, shipments name it) and their sellable stock, then each goods' stock
 * total and expiry. Returns each touched goods' stock total after. Call inside the transaction
 * that locked the goods (`lockStockOf`).
 */
export async function writeCountedStock(
  tx: DbOrTx,
  now: Date,
  pairs: { goodsId: number; warehouseId: number; sellable: number }[],
  batches: CountedBatch[],
) {
  if (batches.length > 0)
    await tx
      .insert(goodsBatches)
      .values(batches.map((b) => ({ ...b, createdAt: now })))
      .onConflictDoUpdate({
        target: [goodsBatches.goodsId, goodsBatches.warehouseId, goodsBatches.batchNo],
        set: {
          producedOn: sql.raw('excluded.produced_on'),
          expiresOn: sql.raw('excluded.expires_on'),
          quantity: sql.raw('excluded.quantity'),
        },
      });
  await tx.execute(sql`
    update ${goodsBatches} set quantity = 0
    where quantity <> 0
      and (goods_id, warehouse_id) in (select * from unnest(${sql.param(pairs.map((p) => p.goodsId))}::int[], ${sql.param(pairs.map((p) => p.warehouseId))}::int[]))
      and (goods_id, warehouse_id, batch_no) not in (select * from unnest(${sql.param(batches.map((b) => b.goodsId))}::int[], ${sql.param(batches.map((b) => b.warehouseId))}::int[], ${sql.param(batches.map((b) => b.batchNo))}::text[]))`);
  await tx
    .insert(goodsStock)
    .values(pairs.map((p) => ({ goodsId: p.goodsId, warehouseId: p.warehouseId, quantity: p.sellable })))
    .onConflictDoUpdate({
      target: [goodsStock.goodsId, goodsStock.warehouseId],
      set: { quantity: sql.raw('excluded.quantity') },
    });
  const touched = [...new Set(pairs.map((p) => p.goodsId))];
  return tx
    .update(goods)
    .set({
      stockTotal: sql`(select coalesce(sum(${goodsStock.quantity}), 0) from ${goodsStock} where ${goodsStock.goodsId} = ${goods.id})`,
      expiresOn: sql`(select min(${goodsBatches.expiresOn}) from ${goodsBatches} where ${goodsBatches.goodsId} = ${goods.id} and ${goodsBatches.quantity} > 0)`,
      updatedAt: now,
    })
    .where(and(inArray(goods.id, touched)))
    .returning({ id: goods.id, stockTotal: goods.stockTotal });
}
