import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './account';
import { goods, warehouses } from './catalog';

// Promotions (design.md: modules/promotion owns these tables): full-reduction activities,
// gift rules, combination packages and coupons.

/** Full-reduction activity (满减): tiers over coupon-eligible lines. */
export const manjianActivities = pgTable('manjian_activities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Goods tagged 满 take part when this is true (site-wide manjian); otherwise none. */
  forTaggedGoods: boolean('for_tagged_goods').notNull().default(true),
  /** [{ amountFen, reductionFen }] */
  tiers: jsonb('tiers').$type<{ amountFen: number; reductionFen: number }[]>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

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

/** A coupon template (优惠券 / 现金券). remaining_uses null = unlimited. */
export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** amount_off | discount | cash */
  kind: text('kind').notNull(),
  thresholdFen: integer('threshold_fen').notNull().default(0),
  amountFen: integer('amount_fen').notNull().default(0),
  ratePercent: integer('rate_percent'),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  remainingUses: integer('remaining_uses'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A coupon held by a store. */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    /** unused | used | expired */
    status: text('status').notNull().default('unused'),
    orderId: integer('order_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_coupons_user_idx').on(t.userId, t.status)],
);

// ---- Flash sales (秒杀) -------------------------------------------------------------------
// A flash sale holds time slots (场次); each slot sells some goods at a spike price, up to a
// spike stock and a per-store limit. The spike stock is a cap on top of the warehouse stock, not
// a carve-out: a spike unit still leaves goods_stock through the order's normal reserve (so
// normal buyers can never oversell the warehouse), and at most `stock` units of the slot are ever
// priced at the spike price (so spike buyers never take normal-price units at the spike price).
// A spike_goods row is one price version: changing the price or the per-store limit retires the
// row and inserts its successor carrying stock and sold, so an order priced against the old row
// is refused in its transaction instead of being charged a price it was not shown.

/** A flash sale (秒杀活动). status: draft | scheduled | paused | ended. */
export const spikeSales = pgTable('spike_sales', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  status: text('status').notNull().default('draft'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A time slot (场次) of a flash sale: [starts_at, ends_at). */
export const spikeSlots = pgTable(
  'spike_slots',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => spikeSales.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spike_slots_ends_idx').on(t.endsAt), index('spike_slots_sale_idx').on(t.saleId)],
);

/**
 * One goods of a slot at one price version (its id is the promotionId the cart prices with).
 * retired_at is set when an edit of the price or limit replaces the row, or the goods leaves the
 * slot; at most one live row per slot and goods.
 */
export const spikeGoods = pgTable(
  'spike_goods',
  {
    id: serial('id').primaryKey(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => spikeSlots.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    priceFen: integer('price_fen').notNull(),
    /** Units the slot sells at the spike price. */
    stock: integer('stock').notNull(),
    /** Units taken by orders not cancelled (never above stock). */
    sold: integer('sold').notNull().default(0),
    perStoreLimit: integer('per_store_limit').notNull(),
    sort: integer('sort').notNull().default(0),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('spike_goods_live_idx').on(t.slotId, t.goodsId).where(sql`retired_at is null`),
    index('spike_goods_goods_idx').on(t.goodsId),
    check('spike_goods_sold_check', sql`sold >= 0 and sold <= stock`),
  ],
);

/** Units a store (user) holds of a slot's goods at the spike price, against the per-store limit. */
export const spikeStoreCounts = pgTable(
  'spike_store_counts',
  {
    slotId: integer('slot_id')
      .notNull()
      .references(() => spikeSlots.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    units: integer('units').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.slotId, t.goodsId, t.userId] }),
    check('spike_store_counts_units_check', sql`units >= 0`),
  ],
);

/** What each order took at the spike price (released when the order is cancelled or expires). */
export const spikePurchases = pgTable(
  'spike_purchases',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    spikeGoodsId: integer('spike_goods_id')
      .notNull()
      .references(() => spikeGoods.id),
    slotId: integer('slot_id')
      .notNull()
      .references(() => spikeSlots.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    units: integer('units').notNull(),
    priceFen: integer('price_fen').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [index('spike_purchases_order_idx').on(t.orderId), index('spike_purchases_slot_idx').on(t.slotId)],
);
