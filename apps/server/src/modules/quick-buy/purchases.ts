import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

// store_purchases (db/schema/order.ts): what each store bought, by goods, kept with payment.

/** The newest value of a line column within a group (the last paid line's). */
const newest = (column: string, order: string) => `(array_agg(${column} order by ${order}))[1]`;

/**
 * Adds a just-paid order's goods lines to its store's purchases, in the payment's transaction:
 * one more time bought, the quantity added, and the price and snapshot of this order.
 */
export async function recordPurchases(tx: DbOrTx, orderId: number, userId: number, paidAt: Date) {
  await tx.execute(sql`
    insert into store_purchases
      (user_id, goods_id, times, quantity, last_paid_at, last_price_fen, goods_name, spec, manufacturer)
    select ${userId}::int, l.goods_id, 1, least(sum(l.quantity), 2147483647)::int, ${paidAt.toISOString()}::timestamptz,
      ${sql.raw(newest('l.unit_price_fen', 'l.id desc'))}, ${sql.raw(newest('l.goods_name', 'l.id desc'))},
      ${sql.raw(newest('l.spec', 'l.id desc'))}, ${sql.raw(newest('l.manufacturer', 'l.id desc'))}
    from order_lines l
    where l.order_id = ${orderId} and l.kind = 'goods'
    group by l.goods_id
    on conflict (user_id, goods_id) do update set
      times = store_purchases.times + 1,
      quantity = least(store_purchases.quantity::bigint + excluded.quantity, 2147483647)::int,
      last_paid_at = greatest(store_purchases.last_paid_at, excluded.last_paid_at),
      last_price_fen = excluded.last_price_fen,
      goods_name = excluded.goods_name,
      spec = excluded.spec,
      manufacturer = excluded.manufacturer`);
}

/**
 * Rebuilds every store's purchases from its paid orders (the demo data, written without the
 * payment path; the migration that made the table ran the same statement).
 */
export async function rebuildPurchases(tx: DbOrTx) {
  const order = 'o.paid_at desc, l.id desc';
  await tx.execute(sql`delete from store_purchases`);
  await tx.execute(sql`
    insert into store_purchases
      (user_id, goods_id, times, quantity, last_paid_at, last_price_fen, goods_name, spec, manufacturer)
    select o.user_id, l.goods_id, count(distinct o.id)::int, least(sum(l.quantity), 2147483647)::int,
      max(o.paid_at), ${sql.raw(newest('l.unit_price_fen', order))}, ${sql.raw(newest('l.goods_name', order))},
      ${sql.raw(newest('l.spec', order))}, ${sql.raw(newest('l.manufacturer', order))}
    from order_lines l
    join orders o on o.id = l.order_id
    where o.paid_at is not null and l.kind = 'goods'
    group by o.user_id, l.goods_id`);
}
