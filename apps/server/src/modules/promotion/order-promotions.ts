import { type SQL, sql } from 'drizzle-orm';
import { orderPromotions } from '../../db/schema/promotion';
import type { NewOrderPromotion } from './activities';

// What an order took from each promotion is written with the order, inside the order's one
// creation statement (order/inserts.ts, order_create): the promotion module hands the order its
// part of that statement and the parameters for it, so the table stays its own and the order
// still costs one round trip.

/** order_promotions' columns with their NewOrderPromotion field and PostgreSQL type. */
const columns = [
  [orderPromotions.kind, 'kind', 'text'],
  [orderPromotions.code, 'code', 'text'],
  [orderPromotions.promotionId, 'promotionId', 'int'],
  [orderPromotions.label, 'label', 'text'],
  [orderPromotions.amountFen, 'amountFen', 'int'],
  [orderPromotions.goodsFen, 'goodsFen', 'int'],
] as const satisfies readonly (readonly [unknown, keyof NewOrderPromotion, string])[];

const param = (field: string) => `promotion_${field}`;

/**
 * `insert into order_promotions ... select <created>.id, r.* from <created>, unnest(...)`: the
 * rows hang off the new order's row in the CTE `created` of the caller's statement, one array
 * parameter per column (`promotion_<field>`, see orderPromotionParams), any number of rows.
 */
export function orderPromotionsInsert(created: string): SQL {
  const from = sql.identifier(created);
  return sql`insert into ${orderPromotions} (${sql.identifier(orderPromotions.orderId.name)}, ${sql.join(
    columns.map(([c]) => sql.identifier(c.name)),
    sql`, `,
  )})
      select ${from}.id, r.* from ${from}, unnest(${sql.join(
        columns.map(([, field, type]) => sql`${sql.placeholder(param(field))}::${sql.raw(type)}[]`),
        sql`, `,
      )}) as r`;
}

/** The values of orderPromotionsInsert's parameters: each column's values across the rows. */
export function orderPromotionParams(rows: readonly NewOrderPromotion[]): Record<string, unknown[]> {
  return Object.fromEntries(columns.map(([, field]) => [param(field), rows.map((r) => r[field] ?? null)]));
}
