import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './account';
import { goods, manjianActivities, warehouses } from './catalog';

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

/**
 * A combination package (组合套餐, cart type 3): a set of goods sold together at one price.
 * The package replaces its goods in the cart; stock is what the items' stock allows.
 */
export const goodsCombinations = pgTable('goods_combinations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  priceFen: integer('price_fen').notNull(),
  /** The goods the package is shown with (its image and name lead the line). */
  mainGoodsId: integer('main_goods_id')
    .notNull()
    .references(() => goods.id),
  warehouseId: integer('warehouse_id')
    .notNull()
    .references(() => warehouses.id),
  isActive: boolean('is_active').notNull().default(true),
});

export const goodsCombinationItems = pgTable(
  'goods_combination_items',
  {
    combinationId: integer('combination_id')
      .notNull()
      .references(() => goodsCombinations.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    /** Units of this goods in one set. */
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.combinationId, t.goodsId] })],
);

/**
 * Gift rules on goods: type 1 赠 (buy N, get M of a goods free), type 2 换购 (buy N, get M of a
 * goods at a deal price). Applied by the server when the line qualifies.
 */
export const giftRules = pgTable(
  'gift_rules',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    type: integer('type').notNull(),
    buyQuantity: integer('buy_quantity').notNull(),
    giftGoodsId: integer('gift_goods_id')
      .notNull()
      .references(() => goods.id),
    giftQuantity: integer('gift_quantity').notNull(),
    /** What one gift unit costs: 0 for 赠, the deal price for 换购. */
    priceFen: integer('price_fen').notNull().default(0),
    repeat: boolean('repeat').notNull().default(false),
    maxGifts: integer('max_gifts'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('gift_rules_goods_idx').on(t.goodsId)],
);

/**
 * Goods taking part in a full-reduction activity besides those tagged 满 (when the activity is
 * for tagged goods). Ephedrine-type goods (含麻) never take part.
 */
export const manjianActivityGoods = pgTable(
  'manjian_activity_goods',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => manjianActivities.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.goodsId] })],
);
