import { beijingToday, type LineSpecialInput } from '@yaocai/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rawRowsNamed, selectList, statement } from '../../db/raw';
import {
  dailySpecialGoods,
  dailySpecialStoreDays,
  dailySpecials,
  dailySpecialTakes,
} from '../../db/schema/promotion';
import { conflict } from '../../lib/errors';
import type { SpecialSource, SpecialTake } from './special-source';

// 每日特价: an active daily special runs every Beijing day from starts_on to ends_on. Each of its
// goods has a special price, an optional per-store daily limit and an optional special stock.
// The order transaction takes units with conditional statements (stock: sold + n <= stock; the
// store's day: units + n <= limit, under the row's conflict lock), so neither can be exceeded
// by concurrent orders; a cancel gives back exactly what its order took, once.

export const DAILY_SPECIAL_CODE = 'daily_special';
const LABEL = '每日特价';

/** A live daily-special goods row with the units the store bought of it that day. */
interface LiveItem {
  itemId: number;
  specialId: number;
  goodsId: number;
  priceFen: number;
  dailyLimit: number | null;
  stock: number | null;
  sold: number;
  boughtToday: number;
}

/**
 * The live daily-special goods rows on a Beijing day (`day`), each with the units the store
 * `userId` bought of it that day (0 for a visitor), cheapest first; `ids` narrows them to some
 * goods. Named statements (db/raw.ts): the cart list runs this on every call, and PostgreSQL
 * then parses and plans it once per connection instead of every time.
 */
function liveItemsStatement(name: string, forGoods: boolean) {
  return statement(
    name,
    sql`select ${selectList({
      itemId: dailySpecialGoods.id,
      specialId: dailySpecialGoods.specialId,
      goodsId: dailySpecialGoods.goodsId,
      priceFen: dailySpecialGoods.priceFen,
      dailyLimit: dailySpecialGoods.dailyLimit,
      stock: dailySpecialGoods.stock,
      sold: dailySpecialGoods.sold,
      boughtToday: sql`coalesce(${dailySpecialStoreDays.units}, 0)`,
    })}
    from ${dailySpecialGoods}
    inner join ${dailySpecials} on ${dailySpecials.id} = ${dailySpecialGoods.specialId}
    left join ${dailySpecialStoreDays} on ${dailySpecialStoreDays.itemId} = ${dailySpecialGoods.id}
      and ${dailySpecialStoreDays.userId} = ${sql.placeholder('userId')}
      and ${dailySpecialStoreDays.day} = ${sql.placeholder('day')}
    where ${dailySpecials.status} = 'active'
      and ${dailySpecials.startsOn} <= ${sql.placeholder('day')}
      and ${dailySpecials.endsOn} >= ${sql.placeholder('day')}
      ${forGoods ? sql`and ${dailySpecialGoods.goodsId} = any(${sql.placeholder('ids')}::int[])` : sql``}
    order by ${dailySpecialGoods.priceFen}, ${dailySpecialGoods.id}`,
  );
}
const allLiveItems = liveItemsStatement('daily_special_live', false);
const liveItemsOfGoods = liveItemsStatement('daily_special_live_goods', true);

export function liveItems(db: DbOrTx, day: string, goodsIds?: readonly number[], userId = 0) {
  const values = { day, userId, ids: goodsIds ? [...goodsIds] : null };
  return rawRowsNamed<LiveItem>(db, goodsIds ? liveItemsOfGoods : allLiveItems, values);
}

export interface LiveDailySpecial {
  itemId: number;
  specialId: number;
  goodsId: number;
  priceFen: number;
  dailyLimit: number | null;
  /** Special stock left, null when the goods' own stock is the only bound. */
  stockLeft: number | null;
  /** What this store may still buy today at the price (null: no bound at all). */
  remaining: number | null;
}

/** Today's specials for a store (userId 0: a visitor), the cheapest per goods. */
export async function liveDailySpecials(
  db: DbOrTx,
  userId: number,
  now: Date,
  goodsIds?: readonly number[],
): Promise<LiveDailySpecial[]> {
  const day = beijingToday(now);
  const items = await liveItems(db, day, goodsIds, Math.max(0, userId));
  const seen = new Set<number>();
  const out: LiveDailySpecial[] = [];
  for (const i of items) {
    if (seen.has(i.goodsId)) continue;
    seen.add(i.goodsId);
    const stockLeft = i.stock === null ? null : Math.max(0, i.stock - i.sold);
    const limitLeft = i.dailyLimit === null ? null : Math.max(0, i.dailyLimit - i.boughtToday);
    const bounds = [stockLeft, limitLeft].filter((b): b is number => b !== null);
    out.push({
      itemId: i.itemId,
      specialId: i.specialId,
      goodsId: i.goodsId,
      priceFen: i.priceFen,
      dailyLimit: i.dailyLimit,
      stockLeft,
      remaining: bounds.length ? Math.min(...bounds) : null,
    });
  }
  return out;
}

async function reserve(tx: DbOrTx, takes: readonly SpecialTake[], now: Date) {
  const day = beijingToday(now);
  for (const take of takes) {
    const [item] = (await liveItems(tx, day, [take.goodsId])).filter((i) => i.specialId === take.promotionId);
    if (!item) throw conflict('每日特价活动已结束，请刷新购物车后重新结算');
    const [stocked] = await tx
      .update(dailySpecialGoods)
      .set({ sold: sql`${dailySpecialGoods.sold} + ${take.units}` })
      .where(
        and(
          eq(dailySpecialGoods.id, item.itemId),
          sql`(${dailySpecialGoods.stock} is null or ${dailySpecialGoods.sold} + ${take.units} <= ${dailySpecialGoods.stock})`,
        ),
      )
      .returning({ id: dailySpecialGoods.id });
    if (!stocked) throw conflict('每日特价库存不足，请刷新购物车后重新结算');
    if (item.dailyLimit !== null) {
      const over = conflict(`每日特价每店每天限购${item.dailyLimit}件，请刷新购物车后重新结算`);
      if (take.units > item.dailyLimit) throw over;
      const [counted] = await tx
        .insert(dailySpecialStoreDays)
        .values({ itemId: item.itemId, userId: take.userId, day, units: take.units })
        .onConflictDoUpdate({
          target: [dailySpecialStoreDays.itemId, dailySpecialStoreDays.userId, dailySpecialStoreDays.day],
          set: { units: sql`${dailySpecialStoreDays.units} + excluded.units` },
          setWhere: sql`${dailySpecialStoreDays.units} + excluded.units <= ${item.dailyLimit}`,
        })
        .returning({ units: dailySpecialStoreDays.units });
      if (!counted) throw over;
    }
    await tx.insert(dailySpecialTakes).values({
      orderId: take.orderId,
      itemId: item.itemId,
      userId: take.userId,
      day,
      units: take.units,
      amountFen: take.units * item.priceFen,
    });
  }
}

async function release(tx: DbOrTx, orderId: number) {
  const given = await tx
    .update(dailySpecialTakes)
    .set({ released: true })
    .where(and(eq(dailySpecialTakes.orderId, orderId), eq(dailySpecialTakes.released, false)))
    .returning();
  for (const t of given) {
    await tx
      .update(dailySpecialGoods)
      .set({ sold: sql`greatest(0, ${dailySpecialGoods.sold} - ${t.units})` })
      .where(eq(dailySpecialGoods.id, t.itemId));
    await tx
      .update(dailySpecialStoreDays)
      .set({ units: sql`greatest(0, ${dailySpecialStoreDays.units} - ${t.units})` })
      .where(
        and(
          eq(dailySpecialStoreDays.itemId, t.itemId),
          eq(dailySpecialStoreDays.userId, t.userId),
          eq(dailySpecialStoreDays.day, t.day),
        ),
      );
  }
}

export const dailySpecialSource: SpecialSource = {
  code: DAILY_SPECIAL_CODE,
  async liveGoodsIds(db, now) {
    return [...new Set((await liveItems(db, beijingToday(now))).map((i) => i.goodsId))];
  },
  async load(db, userId, goodsIds, now) {
    const out = new Map<number, LineSpecialInput>();
    for (const s of await liveDailySpecials(db, userId, now, goodsIds))
      out.set(s.goodsId, {
        kind: 'special_price',
        code: DAILY_SPECIAL_CODE,
        promotionId: s.specialId,
        label: LABEL,
        unitPriceFen: s.priceFen,
        limit: s.remaining,
      });
    return out;
  },
  reserve,
  release,
};
