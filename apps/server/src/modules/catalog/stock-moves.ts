import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rawRowsNamed, statement } from '../../db/raw';
import { goods } from '../../db/schema/catalog';

// Orders take stock at creation and give it back when cancelled (order/stock.ts sums what they
// need); the catalogue moves it, in the caller's transaction, in one statement that cannot oversell.

/**
 * Locks the goods rows in id order (so concurrent orders never deadlock) and moves stock and
 * goods.stock_total, in one prepared statement. `locked` takes the locks; the update's
 * condition counts it (an uncorrelated subquery, evaluated once before the first row is
 * judged), so every lock is held before any stock row is touched. Taking (sign -1) moves only
 * the pairs that hold enough: the caller compares what moved with what it asked and rolls its
 * transaction back when any pair is short, so stock never goes below zero.
 */
const p = (name: string) => sql.placeholder(name);
const moveStatement = statement(
  'stock_move',
  sql`with locked as (select ${goods.id} from ${goods} where ${goods.id} = any(${p('goodsIds')}::int[]) order by ${goods.id} for update),
    v as (select unnest(${p('g')}::int[]) as g, unnest(${p('w')}::int[]) as w, unnest(${p('n')}::int[]) as n),
    moved as (
      update goods_stock s set quantity = s.quantity + ${p('sign')}::int * v.n
      from v
      where (select count(*) from locked) > 0
        and s.goods_id = any(${p('goodsIds')}::int[]) and s.goods_id = v.g and s.warehouse_id = v.w
        and (${p('sign')}::int > 0 or s.quantity >= v.n)
      returning s.goods_id, s.warehouse_id, v.n
    ),
    totals as (
      update goods set stock_total = greatest(0, goods.stock_total + ${p('sign')}::int * t.n)
      from (select goods_id, sum(n)::int as n from moved group by goods_id) t
      where goods.id = t.goods_id
    )
    select goods_id, warehouse_id from moved`,
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
export async function moveGoodsStock(db: DbOrTx, pairs: readonly StockPair[], sign: 1 | -1) {
  return rawRowsNamed<{ goods_id: number; warehouse_id: number }>(db, moveStatement, {
    goodsIds: [...new Set(pairs.map((d) => d.goodsId))],
    g: pairs.map((d) => d.goodsId),
    w: pairs.map((d) => d.warehouseId),
    n: pairs.map((d) => d.quantity),
    sign,
  });
}
