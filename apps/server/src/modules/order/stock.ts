import {
  type OrderLineKind,
  type OrderStatus,
  orderLineKindLabels,
  PAID_UNSHIPPED_STATUSES,
  type PricedLine,
} from '@yaocai/domain';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rawRowsNamed, statement } from '../../db/raw';
import { orderLines, orders } from '../../db/schema/order';
import { refusal } from '../../lib/errors';
import { moveGoodsStock, stockLocksHeld, stockMoveCtes, stockMoveParams } from '../catalog/stock-moves';
import { SPIKE_CODE, specialTakesOf } from '../promotion/specials';
import {
  judgeSpikeTakes,
  type SpikeTakeRow,
  spikeTakeCtes,
  spikeTakeParams,
  spikeTakeResult,
} from '../promotion/spike';

export interface StockDemand {
  goodsId: number;
  warehouseId: number;
  quantity: number;
  name?: string;
}

/** What stock needs of a checkout line (checkout.ts's CheckoutLine; named here, as checkout imports this file). */
export interface DemandingLine {
  goodsId: number;
  warehouseId: number;
  quantity: number;
  name: string;
  combination: { name: string; items: { goodsId: number; name: string; quantity: number }[] } | null;
  gifts: { kind: OrderLineKind; goodsId: number; name: string; quantity: number }[];
}

/**
 * What a checkout line takes from its warehouse: the goods, or a package's goods (quantity per
 * set x sets), plus its gifts and 换购 goods.
 */
export function lineDemands(l: DemandingLine): StockDemand[] {
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

/** Refuses (库存不足, by name) when a pair asked for did not move. */
function assertMoved(list: StockDemand[], moved: readonly { goodsId: number; warehouseId: number }[]) {
  if (moved.length === list.length) return;
  const short = list.find(
    (d) => !moved.some((m) => m.goodsId === d.goodsId && m.warehouseId === d.warehouseId),
  );
  throw refusal(`「${short?.name ?? '商品'}」库存不足`);
}

/**
 * Reserves (or releases) what the demands need, summed per goods and warehouse, in the caller's
 * transaction: reserving refuses when any pair lacks stock, and the transaction rolls back.
 */
export async function moveStock(db: DbOrTx, demands: StockDemand[], direction: 'reserve' | 'release') {
  const list = summed(demands);
  if (!list.length) return;
  const moved = await moveGoodsStock(db, list, direction === 'reserve' ? -1 : 1);
  if (direction === 'reserve')
    assertMoved(
      list,
      moved.map((m) => ({ goodsId: m.goods_id, warehouseId: m.warehouse_id })),
    );
}

/**
 * The order's last write before commit: its stock (catalog's stockMoveCtes) and its flash-sale
 * units (promotion's spikeTakeCtes) in one statement. Every buyer of a flash sale contends for
 * the same goods and slot goods rows; taking them here, with nothing but the commit after, holds
 * their locks for the shortest time. The goods rows are locked in id order before either write
 * (no deadlocks between orders); both parts judge what they took as on their own.
 */
const reserveStatement = statement(
  'order_reserve',
  sql`with ${stockMoveCtes}, ${spikeTakeCtes(stockLocksHeld)}
    select array(select array[goods_id, warehouse_id] from stock_moved)::int[] as moved, ${spikeTakeResult}`,
);

export async function reserveOrderStock(
  tx: DbOrTx,
  order: { orderId: number; userId: number },
  demands: StockDemand[],
  lines: readonly PricedLine[],
  now: Date,
) {
  const list = summed(demands);
  const spikeTakes = specialTakesOf(order, lines, SPIKE_CODE);
  const [row] = await rawRowsNamed<{ moved: number[][] } & SpikeTakeRow>(tx, reserveStatement, {
    ...stockMoveParams(list, -1),
    ...spikeTakeParams(order, spikeTakes, now),
  });
  assertMoved(
    list,
    row.moved.map(([goodsId, warehouseId]) => ({ goodsId, warehouseId })),
  );
  await judgeSpikeTakes(tx, spikeTakes, now, row);
}

/**
 * The orders that have taken stock and not yet shipped: created (stock reserved) and not
 * cancelled (cancel gives it back), and not shipped (shipping takes the units from batches).
 */
export const STOCK_HOLDING_STATUSES: readonly OrderStatus[] = ['pending_payment', ...PAID_UNSHIPPED_STATUSES];

/**
 * The units open orders hold per goods and warehouse: gone from goods_stock at creation, still
 * in their batches until shipping (catalog/README.md, stock and batches).
 */
export async function unitsHeldByOpenOrders(db: DbOrTx): Promise<StockDemand[]> {
  return db
    .select({
      goodsId: orderLines.goodsId,
      warehouseId: orderLines.warehouseId,
      quantity: sql<number>`sum(${orderLines.quantity})::int`.mapWith(Number),
    })
    .from(orderLines)
    .innerJoin(orders, sql`${orders.id} = ${orderLines.orderId}`)
    .where(inArray(orders.status, [...STOCK_HOLDING_STATUSES]))
    .groupBy(orderLines.goodsId, orderLines.warehouseId);
}
