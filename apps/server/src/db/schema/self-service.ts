import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, operators, users } from './account';
import { goods } from './catalog';

/**
 * Item requests (品种求购 /pzqg): a store asks for goods the catalogue lacks; customer service
 * (item_requests:write) answers once, listed (with the goods) or not available.
 */
export const itemRequests = pgTable(
  'item_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    spec: text('spec').notNull(),
    manufacturer: text('manufacturer').notNull().default(''),
    approvalNo: text('approval_no').notNull().default(''),
    quantity: integer('quantity').notNull(),
    expectedPriceFen: integer('expected_price_fen').notNull().default(0),
    remark: text('remark').notNull().default(''),
    photoFileIds: integer('photo_file_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** pending | listed | unavailable */
    status: text('status').notNull().default('pending'),
    reply: text('reply'),
    goodsId: integer('goods_id').references(() => goods.id),
    repliedBy: integer('replied_by').references(() => operators.id),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('item_requests_user_idx').on(t.userId, t.id),
    index('item_requests_status_idx').on(t.status, t.id),
  ],
);
