import { type LineSpecialInput, type SpikeSaleStatus, spikeRefusal } from '@yaocai/domain';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rawRowsNamed, selectList, statement } from '../../db/raw';
import {
  spikeGoods,
  spikePurchases,
  spikeSales,
  spikeSlots,
  spikeStoreCounts,
} from '../../db/schema/promotion';
import { conflict } from '../../lib/errors';
import type { SpecialSource, SpecialTake } from './special-source';

// The flash sale (秒杀) as a special source (specials.ts): which goods are at a spike price for a
// store now, and, in the order transaction, taking the units with conditional updates so the
// slot's spike stock never goes below zero and no store passes its limit. The units still leave
// the warehouse through the order's normal reserve: the spike stock is a cap on the units sold at
// the spike price, not stock of its own (see the schema's comment in db/schema/promotion.ts).

export const SPIKE_CODE = 'spike';
const LABEL = '秒杀';

/**
 * The running slots' rows of these goods with what is left of each: of the slot's stock, and of
 * the store's limit. A named statement (db/raw.ts): the cart list runs it on every call.
 */
const liveRowsOfGoods = statement(
  'spike_live_goods',
  sql`select ${selectList({
    id: spikeGoods.id,
    goodsId: spikeGoods.goodsId,
    priceFen: spikeGoods.priceFen,
    left: sql`${spikeGoods.stock} - ${spikeGoods.sold}`,
    storeLeft: sql`${spikeGoods.perStoreLimit} - coalesce(${spikeStoreCounts.units}, 0)`,
  })}
  from ${spikeGoods}
  inner join ${spikeSlots} on ${spikeSlots.id} = ${spikeGoods.slotId}
  inner join ${spikeSales} on ${spikeSales.id} = ${spikeSlots.saleId}
  left join ${spikeStoreCounts} on ${spikeStoreCounts.slotId} = ${spikeGoods.slotId}
    and ${spikeStoreCounts.goodsId} = ${spikeGoods.goodsId}
    and ${spikeStoreCounts.userId} = ${sql.placeholder('userId')}
  where ${spikeGoods.goodsId} = any(${sql.placeholder('ids')}::int[])
    and ${spikeGoods.retiredAt} is null
    and ${spikeSales.status} = 'scheduled'
    and ${spikeSlots.startsAt} <= ${sql.placeholder('now')}
    and ${spikeSlots.endsAt} > ${sql.placeholder('now')}`,
);

/** The live spike price per goods for this store now: the lowest among running slots it may still buy. */
async function load(db: DbOrTx, userId: number, goodsIds: readonly number[], now: Date) {
  const out = new Map<number, LineSpecialInput>();
  const rows = await rawRowsNamed<{
    id: number;
    goodsId: number;
    priceFen: number;
    left: number;
    storeLeft: number;
  }>(db, liveRowsOfGoods, { userId, ids: [...goodsIds], now });
  for (const r of rows) {
    const limit = Math.min(Number(r.left), Number(r.storeLeft));
    if (limit <= 0) continue;
    const held = out.get(r.goodsId);
    if (held?.kind === 'special_price' && held.unitPriceFen <= r.priceFen) continue;
    out.set(r.goodsId, {
      kind: 'special_price',
      code: SPIKE_CODE,
      promotionId: r.id,
      label: LABEL,
      unitPriceFen: r.priceFen,
      limit,
    });
  }
  return out;
}

/**
 * The slot goods row with its sale and slot, to name why its take was refused (the store's own
 * limit is told by the caller: the take statement says which step refused).
 */
async function refusalOf(tx: DbOrTx, take: SpecialTake, now: Date) {
  const [row] = await tx
    .select({
      retiredAt: spikeGoods.retiredAt,
      stock: spikeGoods.stock,
      sold: spikeGoods.sold,
      limit: spikeGoods.perStoreLimit,
      status: spikeSales.status,
      startsAt: spikeSlots.startsAt,
      endsAt: spikeSlots.endsAt,
    })
    .from(spikeGoods)
    .innerJoin(spikeSlots, eq(spikeSlots.id, spikeGoods.slotId))
    .innerJoin(spikeSales, eq(spikeSales.id, spikeSlots.saleId))
    .where(eq(spikeGoods.id, take.promotionId));
  if (!row) return '秒杀活动已结束';
  const reason = spikeRefusal({
    status: row.status as SpikeSaleStatus,
    startSeconds: Math.floor(row.startsAt.getTime() / 1000),
    endSeconds: Math.floor(row.endsAt.getTime() / 1000),
    nowSeconds: Math.floor(now.getTime() / 1000),
    remaining: row.stock - row.sold - take.units + 1,
    storeLeft: 1,
  });
  if (reason) return reason;
  // Still live and in stock: the price or limit the order was priced with has been replaced.
  return row.retiredAt ? '秒杀活动已调整，请刷新购物车后重新结算' : '秒杀商品已抢光';
}

/**
 * One take as one statement (a named statement, db/raw.ts): the slot goods' sold count rises
 * only while the row is the live version, its sale scheduled, its slot running and the stock
 * enough; then the store's count rises only within the limit; then the purchase is recorded,
 * only when both did. `taken` and `counted` say which step refused (0 rows).
 */
const takeUnits = statement(
  'spike_take',
  sql`with taken as (
    update ${spikeGoods} set sold = sold + ${sql.placeholder('units')}::int
    where id = ${sql.placeholder('spikeGoodsId')}::int
      and retired_at is null
      and sold + ${sql.placeholder('units')}::int <= stock
      and exists (
        select 1 from ${spikeSlots}
        inner join ${spikeSales} on ${spikeSales.id} = ${spikeSlots.saleId}
        where ${spikeSlots.id} = ${spikeGoods.slotId}
          and ${spikeSales.status} = 'scheduled'
          and ${spikeSlots.startsAt} <= ${sql.placeholder('now')}::timestamptz
          and ${spikeSlots.endsAt} > ${sql.placeholder('now')}::timestamptz)
    returning slot_id, goods_id, price_fen, per_store_limit
  ), counted as (
    insert into ${spikeStoreCounts} as c (slot_id, goods_id, user_id, units)
    select slot_id, goods_id, ${sql.placeholder('userId')}::int, ${sql.placeholder('units')}::int
    from taken where ${sql.placeholder('units')}::int <= per_store_limit
    on conflict (slot_id, goods_id, user_id) do update set units = c.units + excluded.units
      where c.units + excluded.units <= (select per_store_limit from taken)
    returning units
  ), purchased as (
    insert into ${spikePurchases} (order_id, user_id, spike_goods_id, slot_id, goods_id, units, price_fen, created_at)
    select ${sql.placeholder('orderId')}::int, ${sql.placeholder('userId')}::int, ${sql.placeholder('spikeGoodsId')}::int,
      slot_id, goods_id, ${sql.placeholder('units')}::int, price_fen, ${sql.placeholder('now')}::timestamptz
    from taken where exists (select 1 from counted)
    returning id
  )
  select (select count(*) from taken)::int as taken, (select count(*) from purchased)::int as counted`,
);

/** Takes each line's units (takeUnits); either refusal rolls the whole order back. */
async function reserve(tx: DbOrTx, takes: readonly SpecialTake[], now: Date) {
  for (const take of takes) {
    const [row] = await rawRowsNamed<{ taken: number; counted: number }>(tx, takeUnits, {
      units: take.units,
      spikeGoodsId: take.promotionId,
      userId: take.userId,
      orderId: take.orderId,
      now,
    });
    if (!row?.taken) throw conflict(await refusalOf(tx, take, now));
    if (!row.counted) throw conflict('超出每店限购数量');
  }
}

/** Gives an order's spike units back to the slot's live row and the store's count. */
async function release(tx: DbOrTx, orderId: number) {
  const released = await tx
    .update(spikePurchases)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(spikePurchases.orderId, orderId), isNull(spikePurchases.releasedAt)))
    .returning();
  for (const p of released) {
    await tx
      .update(spikeGoods)
      .set({ sold: sql`greatest(${spikeGoods.sold} - ${p.units}, 0)` })
      .where(
        and(eq(spikeGoods.slotId, p.slotId), eq(spikeGoods.goodsId, p.goodsId), isNull(spikeGoods.retiredAt)),
      );
    await tx
      .update(spikeStoreCounts)
      .set({ units: sql`greatest(${spikeStoreCounts.units} - ${p.units}, 0)` })
      .where(
        and(
          eq(spikeStoreCounts.slotId, p.slotId),
          eq(spikeStoreCounts.goodsId, p.goodsId),
          eq(spikeStoreCounts.userId, p.userId),
        ),
      );
  }
}

/** Goods in a running slot now (the catalogue's 秒 badge filter). */
async function liveGoodsIds(db: DbOrTx, now: Date) {
  const rows = await db
    .selectDistinct({ goodsId: spikeGoods.goodsId })
    .from(spikeGoods)
    .innerJoin(spikeSlots, eq(spikeSlots.id, spikeGoods.slotId))
    .innerJoin(spikeSales, eq(spikeSales.id, spikeSlots.saleId))
    .where(
      and(
        isNull(spikeGoods.retiredAt),
        eq(spikeSales.status, 'scheduled'),
        lte(spikeSlots.startsAt, now),
        gt(spikeSlots.endsAt, now),
      ),
    );
  return rows.map((r) => r.goodsId);
}

export const spikeSource: SpecialSource = { code: SPIKE_CODE, load, liveGoodsIds, reserve, release };
