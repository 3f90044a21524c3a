import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from './account';
import { goods } from './catalog';

/**
 * 控销 (controlled sale): the goods an operator sells only to some customer types and regions
 * (packages/domain/src/eligibility/sale-control.ts). Owned by the catalog module
 * (modules/catalog/sale-controls.ts); a goods without a row is sold to every buyer. An empty
 * array leaves that side open.
 */
export const goodsSaleControls = pgTable('goods_sale_controls', {
  goodsId: integer('goods_id')
    .primaryKey()
    .references(() => goods.id, { onDelete: 'cascade' }),
  /** Company type codes allowed to buy (pharmacy, chain, clinic, other); empty: any type. */
  customerTypes: text('customer_types').array().notNull().default(sql`'{}'::text[]`),
  /** [{ province, city|null }] allowed; empty: everywhere. */
  regions: jsonb('regions')
    .$type<{ province: string; city: string | null }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => operators.id, { onDelete: 'set null' }),
});
