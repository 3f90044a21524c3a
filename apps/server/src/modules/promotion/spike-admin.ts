import {
  type AdminSpikeSale,
  nextSpikeStatus,
  overlappingSlot,
  type SpikeGoodsBody,
  type SpikeSaleAction,
  type SpikeSaleBody,
  type SpikeSaleStatus,
  type SpikeSlotBody,
  spikePriceFen,
  spikeSaleTransitions,
  toYuan,
} from '@yaocai/domain';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { spikeGoods, spikePurchases, spikeSales, spikeSlots } from '../../db/schema/promotion';
import type { OperatorCtx } from '../../lib/context';
import { conflict, fieldError, notFound, validationError } from '../../lib/errors';
import { audit } from '../audit/service';
import { type GoodsFact, goodsFacts } from '../catalog/service';
import { forgetLiveSpecials } from './specials';
import { invalidateSpikeIndex } from './spike-index';

// The console's flash sales (秒杀, promotions:write): sales, their slots, the goods of a slot with
// spike price, stock and per-store limit, and what each slot sold. Every write is audited in its
// transaction and drops the shop's spike list cache. Changing a goods' price or limit retires its
// row and inserts the successor (db/schema/promotion.ts), so an order being placed against the
// old version is refused rather than charged a price its buyer was not shown.

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const SALE_MISSING = '秒杀活动不存在';
const SLOT_MISSING = '秒杀场次不存在';
const GOODS_MISSING = '秒杀商品不存在';

export async function listSpikeSales(ctx: OperatorCtx): Promise<AdminSpikeSale[]> {
  const { db } = ctx;
  const sales = await db.select().from(spikeSales).orderBy(desc(spikeSales.id)).limit(200);
  if (sales.length === 0) return [];
  const slots = await db
    .select()
    .from(spikeSlots)
    .where(
      inArray(
        spikeSlots.saleId,
        sales.map((s) => s.id),
      ),
    )
    .orderBy(asc(spikeSlots.startsAt));
  const slotIds = slots.map((s) => s.id);
  const [rows, sold] = slotIds.length
    ? await Promise.all([
        db
          .select()
          .from(spikeGoods)
          .where(and(inArray(spikeGoods.slotId, slotIds), isNull(spikeGoods.retiredAt)))
          .orderBy(asc(spikeGoods.sort), asc(spikeGoods.id)),
        db
          .select({
            slotId: spikePurchases.slotId,
            units: sql<number>`coalesce(sum(${spikePurchases.units}), 0)::int`,
            orders: sql<number>`count(distinct ${spikePurchases.orderId})::int`,
            amountFen: sql<number>`coalesce(sum(${spikePurchases.units} * ${spikePurchases.priceFen}), 0)::bigint`,
          })
          .from(spikePurchases)
          .where(and(inArray(spikePurchases.slotId, slotIds), isNull(spikePurchases.releasedAt)))
          .groupBy(spikePurchases.slotId),
      ])
    : [[], []];
  const facts = await goodsFacts(
    db,
    rows.map((r) => r.goodsId),
  );
  const salesBySlot = new Map(sold.map((s) => [s.slotId, s]));
  return sales.map((sale) => ({
    id: sale.id,
    name: sale.name,
    status: sale.status as SpikeSaleStatus,
    slots: slots
      .filter((s) => s.saleId === sale.id)
      .map((slot) => {
        const s = salesBySlot.get(slot.id);
        return {
          id: slot.id,
          start_time: seconds(slot.startsAt),
          end_time: seconds(slot.endsAt),
          goods: rows
            .filter((r) => r.slotId === slot.id)
            .map((r) => {
              const f = facts.get(r.goodsId);
              return {
                id: r.id,
                goods_id: r.goodsId,
                name: f?.name ?? '',
                spec: f?.spec ?? '',
                base_price: toYuan(f?.basePriceFen ?? 0),
                spike_price: toYuan(r.priceFen),
                stock: r.stock,
                sold: r.sold,
                limit: r.perStoreLimit,
                sort: r.sort,
              };
            }),
          sales: {
            units: Number(s?.units ?? 0),
            orders: Number(s?.orders ?? 0),
            amount: toYuan(Number(s?.amountFen ?? 0)),
          },
        };
      }),
  }));
}

async function lockedSale(tx: DbOrTx, id: number) {
  const [sale] = await tx.select().from(spikeSales).where(eq(spikeSales.id, id)).for('update');
  if (!sale) throw notFound(SALE_MISSING);
  return sale;
}

/** The sale of a slot, locked; an ended sale is history and refuses edits. */
async function editableSaleOfSlot(tx: DbOrTx, slotId: number) {
  const [slot] = await tx.select().from(spikeSlots).where(eq(spikeSlots.id, slotId));
  if (!slot) throw notFound(SLOT_MISSING);
  const sale = await lockedSale(tx, slot.saleId);
  if (sale.status === 'ended') throw conflict('秒杀活动已结束，不能修改');
  return { slot, sale };
}

async function write<T>(ctx: OperatorCtx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction(work);
  invalidateSpikeIndex();
  forgetLiveSpecials();
  return result;
}

export function createSpikeSale(ctx: OperatorCtx, body: SpikeSaleBody) {
  return write(ctx, async (tx) => {
    const [sale] = await tx
      .insert(spikeSales)
      .values({ name: body.name, createdAt: ctx.now, updatedAt: ctx.now })
      .returning();
    await audit(tx, ctx, {
      action: 'spike.create',
      target: { type: 'spike_sale', id: sale.id },
      after: sale,
    });
    return { id: sale.id };
  });
}

export function updateSpikeSale(ctx: OperatorCtx, id: number, body: SpikeSaleBody) {
  return write(ctx, async (tx) => {
    const before = await lockedSale(tx, id);
    const [after] = await tx
      .update(spikeSales)
      .set({ name: body.name, updatedAt: ctx.now })
      .where(eq(spikeSales.id, id))
      .returning();
    await audit(tx, ctx, { action: 'spike.update', target: { type: 'spike_sale', id }, before, after });
    return { id };
  });
}

export function setSpikeStatus(ctx: OperatorCtx, id: number, action: SpikeSaleAction) {
  return write(ctx, async (tx) => {
    const before = await lockedSale(tx, id);
    const to = nextSpikeStatus(before.status as SpikeSaleStatus, action);
    if (!to) throw conflict(`当前状态不能${spikeSaleTransitions[action].name}`);
    if (action === 'schedule') {
      const [goodsRow] = await tx
        .select({ id: spikeGoods.id })
        .from(spikeGoods)
        .innerJoin(spikeSlots, eq(spikeSlots.id, spikeGoods.slotId))
        .where(and(eq(spikeSlots.saleId, id), isNull(spikeGoods.retiredAt)))
        .limit(1);
      if (!goodsRow) throw conflict('请先添加场次和秒杀商品');
    }
    const [after] = await tx
      .update(spikeSales)
      .set({ status: to, updatedAt: ctx.now })
      .where(eq(spikeSales.id, id))
      .returning();
    await audit(tx, ctx, { action: 'spike.status', target: { type: 'spike_sale', id }, before, after });
    return { id, status: to };
  });
}

/** Adds (slotId null) or moves a slot; slots of one sale never overlap. */
export function saveSpikeSlot(ctx: OperatorCtx, saleId: number, slotId: number | null, body: SpikeSlotBody) {
  return write(ctx, async (tx) => {
    let before: typeof spikeSlots.$inferSelect | null = null;
    if (slotId !== null) {
      const held = await editableSaleOfSlot(tx, slotId);
      if (held.sale.id !== saleId) throw notFound(SLOT_MISSING);
      before = held.slot;
    } else if ((await lockedSale(tx, saleId)).status === 'ended') throw conflict('秒杀活动已结束，不能修改');
    const others = await tx
      .select({ id: spikeSlots.id, startsAt: spikeSlots.startsAt, endsAt: spikeSlots.endsAt })
      .from(spikeSlots)
      .where(and(eq(spikeSlots.saleId, saleId), slotId === null ? undefined : ne(spikeSlots.id, slotId)));
    const clash = overlappingSlot(
      { start: body.start_time, end: body.end_time },
      others.map((o) => ({ start: seconds(o.startsAt), end: seconds(o.endsAt) })),
    );
    if (clash) throw fieldError('start_time', '场次时间与本活动的其他场次重叠');
    const values = { startsAt: new Date(body.start_time * 1000), endsAt: new Date(body.end_time * 1000) };
    const [after] =
      slotId === null
        ? await tx
            .insert(spikeSlots)
            .values({ saleId, ...values })
            .returning()
        : await tx.update(spikeSlots).set(values).where(eq(spikeSlots.id, slotId)).returning();
    await audit(tx, ctx, {
      action: 'spike.slot_save',
      target: { type: 'spike_slot', id: after.id },
      before,
      after,
    });
    return { id: after.id };
  });
}

/** The spike price must be below the goods' price, and the spike stock within what the warehouse holds. */
function checkGoods(fact: GoodsFact | undefined, body: SpikeGoodsBody, sold: number) {
  if (!fact) throw fieldError('goods_id', '商品不存在');
  const errors: Record<string, string[]> = {};
  if (spikePriceFen(body) >= fact.basePriceFen)
    errors.spike_price = [`秒杀价须低于商品原价${toYuan(fact.basePriceFen).toFixed(2)}元`];
  if (body.stock < sold) errors.stock = [`秒杀库存不能少于已售${sold}件`];
  else if (body.stock - sold > fact.stockTotal)
    errors.stock = [`秒杀库存不能超过商品现有库存${fact.stockTotal + sold}件`];
  if (Object.keys(errors).length) throw validationError(errors);
}

/** Adds a goods to a slot (spikeGoodsId null) or edits its price, stock, limit and order. */
export function saveSpikeGoods(
  ctx: OperatorCtx,
  slotId: number,
  spikeGoodsId: number | null,
  body: SpikeGoodsBody,
) {
  return write(ctx, async (tx) => {
    await editableSaleOfSlot(tx, slotId);
    const priceFen = spikePriceFen(body);
    if (spikeGoodsId === null) {
      if (!body.goods_id) throw fieldError('goods_id', '请选择商品');
      checkGoods((await goodsFacts(tx, [body.goods_id])).get(body.goods_id), body, 0);
      const [dup] = await tx
        .select({ id: spikeGoods.id })
        .from(spikeGoods)
        .where(
          and(
            eq(spikeGoods.slotId, slotId),
            eq(spikeGoods.goodsId, body.goods_id),
            isNull(spikeGoods.retiredAt),
          ),
        );
      if (dup) throw fieldError('goods_id', '该商品已在本场次中');
      const [after] = await tx
        .insert(spikeGoods)
        .values({
          slotId,
          goodsId: body.goods_id,
          priceFen,
          stock: body.stock,
          perStoreLimit: body.limit,
          sort: body.sort,
        })
        .returning();
      await audit(tx, ctx, {
        action: 'spike.goods_save',
        target: { type: 'spike_goods', id: after.id },
        after,
      });
      return { id: after.id };
    }
    const [version] = await tx
      .select({ goodsId: spikeGoods.goodsId })
      .from(spikeGoods)
      .where(eq(spikeGoods.id, spikeGoodsId));
    if (!version) throw notFound(GOODS_MISSING);
    // Locks in the order an order transaction takes them: the goods row first (the successor's
    // foreign key needs it; an order holds it while it reserves stock), then the version.
    const fact = (await goodsFacts(tx, [version.goodsId], { lock: true })).get(version.goodsId);
    // The row lock makes an order taking units of this version finish first (its sold count is
    // then carried over), or find the version retired and refuse.
    const [before] = await tx
      .select()
      .from(spikeGoods)
      .where(
        and(eq(spikeGoods.id, spikeGoodsId), eq(spikeGoods.slotId, slotId), isNull(spikeGoods.retiredAt)),
      )
      .for('update');
    if (!before) throw notFound(GOODS_MISSING);
    checkGoods(fact, body, before.sold);
    let after: typeof spikeGoods.$inferSelect;
    if (priceFen !== before.priceFen || body.limit !== before.perStoreLimit) {
      await tx.update(spikeGoods).set({ retiredAt: ctx.now }).where(eq(spikeGoods.id, before.id));
      [after] = await tx
        .insert(spikeGoods)
        .values({
          slotId,
          goodsId: before.goodsId,
          priceFen,
          stock: body.stock,
          sold: before.sold,
          perStoreLimit: body.limit,
          sort: body.sort,
        })
        .returning();
    } else {
      [after] = await tx
        .update(spikeGoods)
        .set({ stock: body.stock, sort: body.sort })
        .where(eq(spikeGoods.id, before.id))
        .returning();
    }
    await audit(tx, ctx, {
      action: 'spike.goods_save',
      target: { type: 'spike_goods', id: after.id },
      before,
      after,
    });
    return { id: after.id };
  });
}

export function removeSpikeGoods(ctx: OperatorCtx, slotId: number, spikeGoodsId: number) {
  return write(ctx, async (tx) => {
    await editableSaleOfSlot(tx, slotId);
    const [before] = await tx
      .update(spikeGoods)
      .set({ retiredAt: ctx.now })
      .where(
        and(eq(spikeGoods.id, spikeGoodsId), eq(spikeGoods.slotId, slotId), isNull(spikeGoods.retiredAt)),
      )
      .returning();
    if (!before) throw notFound(GOODS_MISSING);
    await audit(tx, ctx, {
      action: 'spike.goods_remove',
      target: { type: 'spike_goods', id: before.id },
      before,
    });
  });
}
