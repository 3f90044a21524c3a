import {
  type AdminDailySpecialView,
  type DailySpecialBody,
  formatYuan,
  fromYuan,
  toYuan,
} from '@yaocai/domain';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dailySpecialGoods, dailySpecials, dailySpecialTakes } from '../../db/schema/promotion';
import type { OperatorCtx } from '../../lib/context';
import { fieldError, notFound, refusal } from '../../lib/errors';
import { audit } from '../audit/service';
import { goodsBriefsOf } from '../catalog/coverage';
import { daysToInstants, phaseOf, phaseView } from './admin-common';
import { forgetLiveSpecials } from './specials';

// The console's 每日特价: list with sales, create, edit (items replaced by goods), status moves.

type Row = typeof dailySpecials.$inferSelect;

async function views(db: DbOrTx, rows: Row[], now: Date): Promise<AdminDailySpecialView[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [items, sales] = await Promise.all([
    db
      .select()
      .from(dailySpecialGoods)
      .where(inArray(dailySpecialGoods.specialId, ids))
      .orderBy(dailySpecialGoods.id),
    db
      .select({
        specialId: dailySpecialGoods.specialId,
        units: sql<number>`coalesce(sum(${dailySpecialTakes.units}), 0)::int`,
        orders: sql<number>`count(distinct ${dailySpecialTakes.orderId})::int`,
        amount: sql<number>`coalesce(sum(${dailySpecialTakes.amountFen}), 0)::int`,
      })
      .from(dailySpecialTakes)
      .innerJoin(dailySpecialGoods, eq(dailySpecialGoods.id, dailySpecialTakes.itemId))
      .where(and(inArray(dailySpecialGoods.specialId, ids), eq(dailySpecialTakes.released, false)))
      .groupBy(dailySpecialGoods.specialId),
  ]);
  const briefs = await goodsBriefsOf(
    db,
    items.map((i) => i.goodsId),
  );
  return rows.map((r) => {
    const { startsAt, endsAt } = daysToInstants(r.startsOn, r.endsOn);
    const s = sales.find((x) => x.specialId === r.id);
    return {
      id: r.id,
      name: r.name,
      starts_on: r.startsOn,
      ends_on: r.endsOn,
      status: r.status,
      ...phaseView(phaseOf(r.status, startsAt, endsAt, now)),
      items: items
        .filter((i) => i.specialId === r.id)
        .map((i) => ({
          goods_id: i.goodsId,
          goods_name: briefs.get(i.goodsId)?.name ?? '',
          base_price: toYuan(briefs.get(i.goodsId)?.basePriceFen ?? 0),
          price: toYuan(i.priceFen),
          daily_limit: i.dailyLimit,
          stock: i.stock,
          sold: i.sold,
        })),
      sales: { units: s?.units ?? 0, orders: s?.orders ?? 0, amount: toYuan(s?.amount ?? 0) },
    };
  });
}

export async function listDailySpecials(ctx: OperatorCtx) {
  const rows = await ctx.db.select().from(dailySpecials).orderBy(desc(dailySpecials.id)).limit(200);
  return views(ctx.db, rows, ctx.now);
}

/** 422 per item: unknown goods, a special price not below the goods' price. */
async function checkItems(db: DbOrTx, body: DailySpecialBody) {
  const briefs = await goodsBriefsOf(
    db,
    body.items.map((i) => i.goods_id),
  );
  for (const [n, item] of body.items.entries()) {
    const g = briefs.get(item.goods_id);
    if (!g) throw fieldError(`items.${n}.goods_id`, '商品不存在');
    if (fromYuan(item.price) >= g.basePriceFen)
      throw fieldError(`items.${n}.price`, `特价须低于商品原价${formatYuan(g.basePriceFen)}`);
  }
}

/** Creates (id null) or edits a daily special, audited in the same transaction. */
export async function saveDailySpecial(ctx: OperatorCtx, id: number | null, body: DailySpecialBody) {
  await checkItems(ctx.db, body);
  const savedId = await ctx.db.transaction(async (tx) => {
    let before: AdminDailySpecialView | null = null;
    let specialId: number;
    const head = { name: body.name, startsOn: body.starts_on, endsOn: body.ends_on };
    if (id === null) {
      [{ id: specialId }] = await tx.insert(dailySpecials).values(head).returning({ id: dailySpecials.id });
    } else {
      const [row] = await tx.select().from(dailySpecials).where(eq(dailySpecials.id, id)).for('update');
      if (!row) throw notFound('活动不存在');
      if (row.status === 'ended') throw refusal('活动已结束，不能修改');
      [before] = await views(tx, [row], ctx.now);
      await tx.update(dailySpecials).set(head).where(eq(dailySpecials.id, id));
      specialId = id;
      const kept = body.items.map((i) => i.goods_id);
      const dropped = await tx
        .select({
          id: dailySpecialGoods.id,
          goodsId: dailySpecialGoods.goodsId,
          sold: dailySpecialGoods.sold,
        })
        .from(dailySpecialGoods)
        .where(and(eq(dailySpecialGoods.specialId, id), notInArray(dailySpecialGoods.goodsId, kept)));
      if (dropped.some((d) => d.sold > 0))
        throw fieldError('items', '已有订单购买的特价商品不能移除，可结束活动');
      if (dropped.length)
        await tx.delete(dailySpecialGoods).where(
          inArray(
            dailySpecialGoods.id,
            dropped.map((d) => d.id),
          ),
        );
    }
    for (const [n, item] of body.items.entries()) {
      const values = {
        priceFen: fromYuan(item.price),
        dailyLimit: item.daily_limit,
        stock: item.stock,
      };
      const [row] = await tx
        .insert(dailySpecialGoods)
        .values({ specialId, goodsId: item.goods_id, ...values })
        .onConflictDoUpdate({
          target: [dailySpecialGoods.specialId, dailySpecialGoods.goodsId],
          set: values,
          setWhere: sql`${item.stock === null ? sql`true` : sql`${dailySpecialGoods.sold} <= ${item.stock}`}`,
        })
        .returning({ id: dailySpecialGoods.id });
      if (!row) throw fieldError(`items.${n}.stock`, '特价库存不能少于已售数量');
    }
    const [row] = await tx.select().from(dailySpecials).where(eq(dailySpecials.id, specialId));
    const [after] = await views(tx, [row], ctx.now);
    await audit(tx, ctx, {
      action: id === null ? 'daily_special.create' : 'daily_special.update',
      target: { type: 'daily_special', id: specialId },
      before,
      after,
    });
    return specialId;
  });
  forgetLiveSpecials();
  const [row] = await ctx.db.select().from(dailySpecials).where(eq(dailySpecials.id, savedId));
  return (await views(ctx.db, [row], ctx.now))[0];
}
