import { orderLineKindLabels } from '@yaocai/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refusal } from '../../lib/errors';
import type { CheckoutLine } from './checkout';

export interface StockDemand {
  goodsId: number;
  warehouseId: number;
  quantity: number;
  name?: string;
}

/**
 * What a checkout line takes from its warehouse: the goods, or a package's goods (quantity per
 * set x sets), plus its gifts and 换购 goods.
 */
export function lineDemands(l: CheckoutLine): StockDemand[] {
  const own: StockDemand[] = l.combination
    ? l.combination.items.map((i) => ({
        goodsId: i.goodsId,
        warehouseId: l.warehouseId,
        quantity: i.quantity * l.quantity,
        name: `${i.name}（${l.combination?.name}）`,
      }))
    : [{ goodsId: l.goodsId, warehouseId: l.warehouseId, quantity: l.quantity, name: l.name }];
  return [
    ...own,
    ...l.gifts.map((g) => ({
      goodsId: g.goodsId,
      warehouseId: l.warehouseId,
      quantity: g.quantity,
      name: `${g.name}（${orderLineKindLabels[g.kind]}）`,
    })),
  ];
}

const intArray = (values: number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/** Sums quantities per goods and warehouse (two lines sharing goods count together). */
function summed(demands: StockDemand[]) {
  const map = new Map<string, StockDemand>();
  for (const d of demands) {
    const key = `${d.goodsId}:${d.warehouseId}`;
    const seen = map.get(key);
    if (seen) seen.quantity += d.quantity;
    else map.set(key, { ...d });
  }
  return [...map.values()].sort((a, b) => a.goodsId - b.goodsId || a.warehouseId - b.warehouseId);
}

/**
 * Locks the goods rows in id order (so concurrent orders never deadlock) and moves stock and
 * goods.stock_total, in one statement. Reserving refuses when any pair lacks stock (the update
 * is conditional, and the caller's transaction rolls back): stock never goes below zero.
 */
export async function moveStock(db: DbOrTx, demands: StockDemand[], direction: 'reserve' | 'release') {
  const list = summed(demands);
  if (!list.length) return;
  const goodsIds = intArray([...new Set(list.map((d) => d.goodsId))]);
  const g = intArray(list.map((d) => d.goodsId));
  const w = intArray(list.map((d) => d.warehouseId));
  const n = intArray(list.map((d) => d.quantity));
  const sign = direction === 'reserve' ? -1 : 1;
  // \`locked\` takes the goods rows' locks in id order; the update's condition counts it (an
  // uncorrelated subquery, evaluated once before the first row is judged), so every lock is
  // held before any stock row is touched: orders sharing goods queue instead of deadlocking.
  const result = await db.execute(sql`
    with locked as (select id from goods where id = any(${goodsIds}::int[]) order by id for update),
    v as (select unnest(${g}::int[]) as g, unnest(${w}::int[]) as w, unnest(${n}::int[]) as n),
    moved as (
      update goods_stock s set quantity = s.quantity + ${sign}::int * v.n
      from v
      where (select count(*) from locked) > 0
        and s.goods_id = any(${goodsIds}::int[]) and s.goods_id = v.g and s.warehouse_id = v.w
        and (${sign}::int > 0 or s.quantity >= v.n)
      returning s.goods_id, s.warehouse_id, v.n
    ),
    totals as (
      update goods set stock_total = greatest(0, goods.stock_total + ${sign}::int * t.n)
      from (select goods_id, sum(n)::int as n from moved group by goods_id) t
      where goods.id = t.goods_id
    )
    select goods_id, warehouse_id from moved`);
  const moved = result.rows as { goods_id: number; warehouse_id: number }[];
  if (direction === 'reserve' && moved.length !== list.length) {
    const short = list.find(
      (d) => !moved.some((m) => m.goods_id === d.goodsId && m.warehouse_id === d.warehouseId),
    );
    throw refusal(`「${short?.name ?? '商品'}」库存不足`);
  }
}
