import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rawRowsNamed, statement } from '../../db/raw';
import { goods } from '../../db/schema/catalog';

// Orders take stock at creation and give it back when cancelled (order/stock.ts sums what they
// need); the catalogue moves it, in the caller's transaction, in one statement that cannot oversell.

/**
 * Locks the goods rows in id order (so concurrent orders never deadlock) and moves stock and
 * goods.stock_total, as common table expressions another statement can embed (the order's
 * reservation, order/reserve.ts, runs them beside the flash sale's take). `stock_locked` takes
 * the locks; the update's condition counts it (an uncorrelated subquery, evaluated once before
 * the first row is judged), so every lock is held before any stock row is touched; a statement
 * embedding these makes its own writes wait on `stock_locked` the same way. Taking (sign -1)
 * moves only the pairs that hold enough: `stock_moved` answers the pairs that moved, the caller
 * compares them with what it asked and rolls its transaction back when any pair is short, so
 * stock never goes below zero. Parameters: `stock_goods_ids` (the distinct goods), `stock_g`,
 * `stock_w`, `stock_n` (one entry per pair, see stockMoveParams), `stock_sign`.
 */
const p = (name: string) => sql.placeholder(name);
export const stockMoveCtes = sql`stock_locked as (select ${goods.id} from ${goods} where ${goods.id} = any(${p('stock_goods_ids')}::int[]) order by ${goods.id} for update),
    stock_v as (select unnest(${p('stock_g')}::int[]) as g, unnest(${p('stock_w')}::int[]) as w, unnest(${p('stock_n')}::int[]) as n),
    stock_moved as (
      update goods_stock s set quantity = s.quantity + ${p('stock_sign')}::int * stock_v.n
      from stock_v
      where (select count(*) from stock_locked) > 0
        and s.goods_id = any(${p('stock_goods_ids')}::int[]) and s.goods_id = stock_v.g and s.warehouse_id = stock_v.w
        and (${p('stock_sign')}::int > 0 or s.quantity >= stock_v.n)
      returning s.goods_id, s.warehouse_id, stock_v.n
    ),
    stock_totals as (
      update goods set stock_total = greatest(0, goods.stock_total + ${p('stock_sign')}::int * t.n)
      from (select goods_id, sum(n)::int as n from stock_moved group by goods_id) t
      where goods.id = t.goods_id
    )`;

/**
 * A condition for the writes of a statement embedding stockMoveCtes: always true, but it counts
 * `stock_locked` (once, before the first row is judged), so those writes wait for its locks.
 */
export const stockLocksHeld = sql`(select count(*) from stock_locked) >= 0`;

const moveStatement = statement(
  'stock_move',
  sql`with ${stockMoveCtes} select goods_id, warehouse_id from stock_moved`,
);

/** One goods in one warehouse, and how many units (each pair at most once). */
export interface StockPair {
  goodsId: number;
  warehouseId: number;
  quantity: number;
}

/**
 * Takes (sign -1) or gives back (sign 1) the units of each pair; answers the pairs that moved
 * (when taking, the ones that held enough).
 */
/** The values of stockMoveCtes' parameters. */
export function stockMoveParams(pairs: readonly StockPair[], sign: 1 | -1) {
  return {
    stock_goods_ids: [...new Set(pairs.map((d) => d.goodsId))],
    stock_g: pairs.map((d) => d.goodsId),
    stock_w: pairs.map((d) => d.warehouseId),
    stock_n: pairs.map((d) => d.quantity),
    stock_sign: sign,
  };
}

/**
 * Takes (sign -1) or gives back (sign 1) the units of each pair; answers the pairs that moved
 * (when taking, the ones that held enough).
 */
export async function moveGoodsStock(db: DbOrTx, pairs: readonly StockPair[], sign: 1 | -1) {
  return rawRowsNamed<{ goods_id: number; warehouse_id: number }>(
    db,
    moveStatement,
    stockMoveParams(pairs, sign),
  );
}
