import type { Coverage } from '@yaocai/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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

/**
 * A coupon template (优惠券 / 现金券): its terms, coverage, validity (fixed Beijing dates or
 * valid_days after the claim), claim quota and per-store limit, claim window and status
 * (draft | active | paused | ended). claimed counts the claims against total_quota (null:
 * unlimited); the claim transaction locks this row, so the count never passes the quota.
 */
export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** amount_off | discount | cash */
  kind: text('kind').notNull(),
  thresholdFen: integer('threshold_fen').notNull().default(0),
  amountFen: integer('amount_fen').notNull().default(0),
  ratePercent: integer('rate_percent'),
  /** 折扣券 cap; 0: none. */
  maxDiscountFen: integer('max_discount_fen').notNull().default(0),
  /** Coverage (packages/domain promotion/coverage.ts) as data. */
  coverage: jsonb('coverage').$type<Coverage>().notNull().default({ all: true }),
  /** 特价商品不参与 */
  excludeSpecial: boolean('exclude_special').notNull().default(false),
  /** Fixed validity (Beijing days, inclusive) when validDays is null. */
  validFrom: date('valid_from', { mode: 'string' }),
  validTo: date('valid_to', { mode: 'string' }),
  /** Valid this many days after the claim. */
  validDays: integer('valid_days'),
  totalQuota: integer('total_quota'),
  claimed: integer('claimed').notNull().default(0),
  perStoreLimit: integer('per_store_limit').notNull().default(1),
  /** Claim window (Beijing days, inclusive); null: open. */
  claimFrom: date('claim_from', { mode: 'string' }),
  claimTo: date('claim_to', { mode: 'string' }),
  status: text('status').notNull().default('active'),
  /** Shown in the coupon centre (/lqzx). */
  inCentre: boolean('in_centre').notNull().default(false),
  /** Part of the new-buyer pack given when a company is approved. */
  newBuyer: boolean('new_buyer').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A coupon held by a store, with its own validity computed at the claim. source: centre |
 * new_buyer | lottery | points | grant.
 */
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
    source: text('source').notNull().default('grant'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    orderId: integer('order_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_coupons_user_idx').on(t.userId, t.status),
    index('user_coupons_coupon_idx').on(t.couponId, t.userId),
    // The new-buyer pack is given once per store and coupon.
    uniqueIndex('user_coupons_new_buyer_uq').on(t.userId, t.couponId).where(sql`source = 'new_buyer'`),
  ],
);
