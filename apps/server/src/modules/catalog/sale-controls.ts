import {
  describeSaleControl,
  type SaleControlBody,
  type SaleControlPage,
  type saleControlQuery,
} from '@yaocai/domain';
import { count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { goods } from '../../db/schema/catalog';
import { goodsSaleControls } from '../../db/schema/kx';
import type { OperatorCtx } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import { auditMany } from '../audit/service';
import { invalidateCartPromotions } from '../promotion/loaders';
import { goodsChanged } from './admin-goods';
import { escapeLike } from './queries';

// The console's 控销 controls: list the controlled goods, set one control on many goods at once
// (bulk apply), lift controls. Every write is one transaction with its audit rows; lists, the
// cart's package cache and the eligibility judgements read the new control right after.

type Query = z.infer<typeof saleControlQuery>;

/** GET /api/admin/sale-controls: controlled goods, last changed first. */
export async function listSaleControls(ctx: OperatorCtx, q: Query): Promise<SaleControlPage> {
  const keyword = q.keywords?.trim();
  const where: SQL | undefined = keyword
    ? or(ilike(goods.name, `%${escapeLike(keyword)}%`), ilike(goods.sku, `%${escapeLike(keyword)}%`))
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        goodsId: goodsSaleControls.goodsId,
        sku: goods.sku,
        name: goods.name,
        manufacturer: goods.manufacturer,
        spec: goods.spec,
        customerTypes: goodsSaleControls.customerTypes,
        regions: goodsSaleControls.regions,
        updatedAt: goodsSaleControls.updatedAt,
      })
      .from(goodsSaleControls)
      .innerJoin(goods, eq(goods.id, goodsSaleControls.goodsId))
      .where(where)
      .orderBy(desc(goodsSaleControls.updatedAt), desc(goodsSaleControls.goodsId))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db
      .select({ total: count() })
      .from(goodsSaleControls)
      .innerJoin(goods, eq(goods.id, goodsSaleControls.goodsId))
      .where(where),
  ]);
  return {
    list: rows.map((r) => ({
      goods_id: r.goodsId,
      sku: r.sku,
      name: r.name,
      sccj: r.manufacturer,
      ypgg: r.spec,
      customer_types: r.customerTypes,
      regions: r.regions,
      summary: describeSaleControl({ customerTypes: r.customerTypes, regions: r.regions }),
      updated_at: r.updatedAt.toISOString(),
    })),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}

function controlsChanged(ctx: OperatorCtx) {
  goodsChanged(ctx);
  invalidateCartPromotions();
}

/** POST /api/admin/sale-controls: the same control on every goods listed (created or replaced). */
export async function setSaleControls(ctx: OperatorCtx, body: SaleControlBody): Promise<number> {
  const ids = body.goods_ids;
  const regions = body.regions.map((r) => ({ province: r.province, city: r.city }));
  await ctx.db.transaction(async (tx) => {
    const found = await tx.select({ id: goods.id }).from(goods).where(inArray(goods.id, ids));
    if (found.length !== ids.length) {
      const known = new Set(found.map((f) => f.id));
      throw fieldError('goods_ids', `商品不存在：${ids.filter((id) => !known.has(id)).join('、')}`);
    }
    const before = await tx
      .select()
      .from(goodsSaleControls)
      .where(inArray(goodsSaleControls.goodsId, ids))
      .for('update');
    const beforeById = new Map(before.map((b) => [b.goodsId, b]));
    const values = {
      customerTypes: body.customer_types,
      regions,
      updatedAt: ctx.now,
      updatedBy: ctx.actor.operatorId,
    };
    await tx
      .insert(goodsSaleControls)
      .values(ids.map((goodsId) => ({ goodsId, ...values, createdAt: ctx.now })))
      .onConflictDoUpdate({ target: goodsSaleControls.goodsId, set: values });
    await auditMany(
      tx,
      ctx,
      ids.map((id) => {
        const b = beforeById.get(id);
        return {
          action: 'goods.sale_control' as const,
          target: { type: 'goods', id },
          before: b ? { customerTypes: b.customerTypes, regions: b.regions } : null,
          after: { customerTypes: body.customer_types, regions },
        };
      }),
    );
  });
  controlsChanged(ctx);
  return ids.length;
}

/** POST /api/admin/sale-controls/remove: lifts the controls of these goods (absent ones skipped). */
export async function removeSaleControls(ctx: OperatorCtx, ids: number[]): Promise<number> {
  const removed = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(goodsSaleControls)
      .where(inArray(goodsSaleControls.goodsId, ids))
      .returning();
    await auditMany(
      tx,
      ctx,
      rows.map((r) => ({
        action: 'goods.sale_control_remove' as const,
        target: { type: 'goods', id: r.goodsId },
        before: { customerTypes: r.customerTypes, regions: r.regions },
        after: null,
      })),
    );
    return rows.length;
  });
  controlsChanged(ctx);
  return removed;
}
