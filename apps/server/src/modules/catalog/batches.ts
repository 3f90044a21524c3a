import type { goodsBatchBody } from '@yaocai/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { goods, goodsBatches, goodsStock, warehouses } from '../../db/schema/catalog';
import type { OperatorCtx } from '../../lib/context';
import { fieldError, notFound, refusal } from '../../lib/errors';
import { audit } from '../audit/service';
import { backInStockNews } from '../message/favourite-news';
import { getAdminGoods, goodsChanged } from './admin-goods';

// Stock by batch. A batch received adds its quantity to the sellable stock of its warehouse
// (goods_stock) and to goods.stock_total; a count correction moves both by the difference. The
// goods row is locked first, as order stock moves lock it (order/stock.ts), so a correction and
// a checkout never interleave. The expiry buyers see (goods.expires_on) is the earliest expiry
// among the batches that still hold stock: the batch that ships first.

type BatchBody = z.output<typeof goodsBatchBody>;

async function lockGoods(tx: DbOrTx, goodsId: number) {
  const [row] = await tx.select({ id: goods.id }).from(goods).where(eq(goods.id, goodsId)).for('update');
  if (!row) throw notFound('商品不存在');
}

/** Moves sellable stock by `delta` and refreshes the shown expiry; refuses to go below zero. */
async function moveSellable(
  tx: DbOrTx,
  ctx: OperatorCtx,
  goodsId: number,
  warehouseId: number,
  delta: number,
) {
  if (delta !== 0) {
    const moved = await tx
      .insert(goodsStock)
      .values({ goodsId, warehouseId, quantity: delta })
      .onConflictDoUpdate({
        target: [goodsStock.goodsId, goodsStock.warehouseId],
        set: { quantity: sql`${goodsStock.quantity} + ${delta}` },
        setWhere: sql`${goodsStock.quantity} + ${delta} >= 0`,
      })
      .returning({ quantity: goodsStock.quantity });
    if (moved.length === 0 || moved[0].quantity < 0)
      throw refusal('可售库存不足：部分库存已被未发货订单占用，不能减少这么多');
  }
  const [after] = await tx
    .update(goods)
    .set({
      stockTotal: sql`greatest(0, ${goods.stockTotal} + ${delta})`,
      expiresOn: sql`(select min(${goodsBatches.expiresOn}) from ${goodsBatches} where ${goodsBatches.goodsId} = ${goodsId} and ${goodsBatches.quantity} > 0)`,
      updatedAt: ctx.now,
    })
    .where(eq(goods.id, goodsId))
    .returning({ stockTotal: goods.stockTotal });
  // The goods row is locked, so the stock before is the stock after less the move.
  if (delta > 0 && after && after.stockTotal - delta <= 0) await backInStockNews(tx, goodsId, ctx.now);
}

export async function addBatch(ctx: OperatorCtx, goodsId: number, body: BatchBody) {
  await ctx.db.transaction(async (tx) => {
    await lockGoods(tx, goodsId);
    const [warehouse] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(eq(warehouses.id, body.warehouse_id));
    if (!warehouse) throw fieldError('warehouse_id', '仓库不存在');
    const inserted = await tx
      .insert(goodsBatches)
      .values({
        goodsId,
        warehouseId: body.warehouse_id,
        batchNo: body.batch_no,
        producedOn: body.produced_on,
        expiresOn: body.expires_on,
        quantity: body.quantity,
        createdAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning({ id: goodsBatches.id });
    if (inserted.length === 0) throw fieldError('batch_no', '该仓库已有此批号，请修改数量而不是重复添加');
    await moveSellable(tx, ctx, goodsId, body.warehouse_id, body.quantity);
    await audit(tx, ctx, {
      action: 'goods.batch_add',
      target: { type: 'goods', id: goodsId },
      after: { batchId: inserted[0].id, ...body },
    });
  });
  goodsChanged(ctx);
  return getAdminGoods(ctx, goodsId);
}

/** A count correction of one batch (stocktaking, damage): the sellable stock follows. */
export async function setBatchQuantity(ctx: OperatorCtx, goodsId: number, batchId: number, quantity: number) {
  await ctx.db.transaction(async (tx) => {
    await lockGoods(tx, goodsId);
    const [batch] = await tx
      .select()
      .from(goodsBatches)
      .where(and(eq(goodsBatches.id, batchId), eq(goodsBatches.goodsId, goodsId)))
      .for('update');
    if (!batch) throw notFound('批号不存在');
    if (batch.quantity === quantity) return;
    await tx.update(goodsBatches).set({ quantity }).where(eq(goodsBatches.id, batchId));
    await moveSellable(tx, ctx, goodsId, batch.warehouseId, quantity - batch.quantity);
    await audit(tx, ctx, {
      action: 'goods.batch_quantity',
      target: { type: 'goods', id: goodsId },
      before: { batchId, batchNo: batch.batchNo, quantity: batch.quantity },
      after: { batchId, batchNo: batch.batchNo, quantity },
    });
  });
  goodsChanged(ctx);
  return getAdminGoods(ctx, goodsId);
}
