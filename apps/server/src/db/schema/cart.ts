import { boolean, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account';
import { goods, warehouses } from './catalog';

/**
 * A cart line of one store (user). Lines of the same goods, warehouse and price source merge
 * (the unique index makes concurrent adds merge instead of duplicating).
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    quantity: integer('quantity').notNull(),
    isSelected: boolean('is_selected').notNull().default(true),
    /** Price sources carried from activity links (spec: default 0). */
    goodsPriceId: integer('goods_price_id').notNull().default(0),
    ladderPriceId: integer('ladder_price_id').notNull().default(0),
    goodsManjianId: integer('goods_manjian_id').notNull().default(0),
    isYj: integer('is_yj').notNull().default(0),
    /** 1 normal goods, 3 combination package */
    type: integer('type').notNull().default(1),
    /** The package of a type 3 line (0 otherwise); goods_id is then the package's main goods. */
    combinationId: integer('combination_id').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_merge_uq').on(
      t.userId,
      t.goodsId,
      t.warehouseId,
      t.goodsPriceId,
      t.ladderPriceId,
      t.goodsManjianId,
      t.isYj,
      t.type,
      t.combinationId,
    ),
    index('cart_items_user_idx').on(t.userId),
  ],
);

/**
 * The columns that make two cart rows one line (the unique index above): the conflict target of
 * every add that merges.
 */
export const cartMergeKey = [
  cartItems.userId,
  cartItems.goodsId,
  cartItems.warehouseId,
  cartItems.goodsPriceId,
  cartItems.ladderPriceId,
  cartItems.goodsManjianId,
  cartItems.isYj,
  cartItems.type,
  cartItems.combinationId,
];
