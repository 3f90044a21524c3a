import { type LineSpecialInput, type SpikeSaleStatus, spikeRefusal } from '@yaocai/domain';
import { and, eq, gt, isNull, lte, type SQL, sql } from 'drizzle-orm';
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
 * The order's takes as common table expressions another statement can embed (the order's
 * reservation, order/reserve.ts, runs them beside its stock move, just before commit, so the row
 * every buyer of a flash sale contends for is locked last): each slot goods' sold count rises
 * only while the row is the live version, its sale scheduled, its slot running and the stock
 * enough; then the store's count rises only within the limit; then the purchase is recorded,
 * only when both did. `guard` is a condition the first write waits on (the embedding statement's
 * locks, taken in a fixed order). Parameters: `spike_ids` and `spike_units` (one entry per slot
 * goods, see spikeTakeParams), `spike_user`, `spike_order`, `spike_now`; spikeTakeResult says
 * which rows were taken and which counted.
 */
export function spikeTakeCtes(guard: SQL): SQL {
  const p = (name: string) => sql.placeholder(name);
  return sql`spike_v as (select unnest(${p('spike_ids')}::int[]) as id, unnest(${p('spike_units')}::int[]) as units),
    spike_taken as (
      update ${spikeGoods} set sold = sold + spike_v.units
      from spike_v
      where ${spikeGoods.id} = spike_v.id
        and ${guard}
        and retired_at is null
        and sold + spike_v.units <= stock
        and exists (
          select 1 from ${spikeSlots}
          inner join ${spikeSales} on ${spikeSales.id} = ${spikeSlots.saleId}
          where ${spikeSlots.id} = ${spikeGoods.slotId}
            and ${spikeSales.status} = 'scheduled'
            and ${spikeSlots.startsAt} <= ${p('spike_now')}::timestamptz
            and ${spikeSlots.endsAt} > ${p('spike_now')}::timestamptz)
      returning ${spikeGoods.id} as id, slot_id, goods_id, price_fen, per_store_limit, spike_v.units
    ),
    spike_counted as (
      insert into ${spikeStoreCounts} as c (slot_id, goods_id, user_id, units)
      select slot_id, goods_id, ${p('spike_user')}::int, units
      from spike_taken where units <= per_store_limit
      on conflict (slot_id, goods_id, user_id) do update set units = c.units + excluded.units
        where c.units + excluded.units <= (
          select t.per_store_limit from spike_taken t where t.slot_id = c.slot_id and t.goods_id = c.goods_id)
      returning slot_id, goods_id
    ),
    spike_purchased as (
      insert into ${spikePurchases} (order_id, user_id, spike_goods_id, slot_id, goods_id, units, price_fen, created_at)
      select ${p('spike_order')}::int, ${p('spike_user')}::int, t.id, t.slot_id, t.goods_id, t.units, t.price_fen,
        ${p('spike_now')}::timestamptz
      from spike_taken t
      where exists (select 1 from spike_counted c where c.slot_id = t.slot_id and c.goods_id = t.goods_id)
      returning spike_goods_id
    )`;
}

/** The columns answering spikeTakeCtes: the slot goods taken, and those also counted and recorded. */
export const spikeTakeResult = sql`array(select id from spike_taken)::int[] as spike_taken,
    array(select spike_goods_id from spike_purchased)::int[] as spike_counted`;

/** What spikeTakeResult answers. */
export interface SpikeTakeRow {
  spike_taken: number[];
  spike_counted: number[];
}

/** An order's takes summed per slot goods (two lines of one goods, from two warehouses, take one row). */
function summedTakes(takes: readonly SpecialTake[]): SpecialTake[] {
  const byRow = new Map<number, SpecialTake>();
  for (const take of takes) {
    const held = byRow.get(take.promotionId);
    if (held) held.units += take.units;
    else byRow.set(take.promotionId, { ...take });
  }
  return [...byRow.values()];
}

/** The values of spikeTakeCtes' parameters for an order's takes (all of one order and store). */
export function spikeTakeParams(
  order: { orderId: number; userId: number },
  takes: readonly SpecialTake[],
  now: Date,
) {
  const summed = summedTakes(takes);
  return {
    spike_ids: summed.map((t) => t.promotionId),
    spike_units: summed.map((t) => t.units),
    spike_user: order.userId,
    spike_order: order.orderId,
    spike_now: now,
  };
}

/** Refuses (409) when a take was not made: the first row not taken, by why, else the store's limit. */
export async function judgeSpikeTakes(
  tx: DbOrTx,
  takes: readonly SpecialTake[],
  now: Date,
  row: SpikeTakeRow,
): Promise<void> {
  for (const take of summedTakes(takes)) {
    if (!row.spike_taken.includes(take.promotionId)) throw conflict(await refusalOf(tx, take, now));
    if (!row.spike_counted.includes(take.promotionId)) throw conflict('超出每店限购数量');
  }
}

const takeUnits = statement('spike_take', sql`with ${spikeTakeCtes(sql`true`)} select ${spikeTakeResult}`);

/** Takes the order's units (spikeTakeCtes on their own); either refusal rolls the whole order back. */
async function reserve(tx: DbOrTx, takes: readonly SpecialTake[], now: Date) {
  const [first] = takes;
  if (!first) return;
  const [row] = await rawRowsNamed<SpikeTakeRow>(tx, takeUnits, spikeTakeParams(first, takes, now));
  await judgeSpikeTakes(tx, takes, now, row);
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
