import type { ActivitySection, Coverage } from '@yaocai/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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

// Promotions (design.md: modules/promotion owns these tables): the one promotions table
// (full-reduction activities, 第二件半价 and every kind that is plain data), gift rules,
// combination packages, coupons, and the kinds that count stock or limits in SQL.

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

/**
 * What each order took from each promotion (满减 shares, special prices, welfare), written with
 * the order: the console's per-activity uses and sales read it. Coupons are on the order itself.
 */
export const orderPromotions = pgTable(
  'order_promotions',
  {
    orderId: integer('order_id').notNull(),
    /** special_price | welfare | full_reduction */
    kind: text('kind').notNull(),
    /** full_reduction, spike, daily_special, welfare... */
    code: text('code').notNull(),
    promotionId: integer('promotion_id').notNull(),
    label: text('label').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** What the lines that took it cost before it (the activity's sales). */
    goodsFen: integer('goods_fen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.code, t.promotionId] }),
    index('order_promotions_promotion_idx').on(t.code, t.promotionId),
  ],
);

/**
 * 专题/活动页: a page the operator builds from ordered sections (banner, goods floor, countdown,
 * notice, coupon floor; packages/domain api/activity-pages.ts validates them). Buyers see it only
 * once published; its phase follows starts_at/ends_at on the server clock.
 */
export const activityPages = pgTable(
  'activity_pages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** zqmb (专区模板) | hdmb (活动模板) */
    template: text('template').notNull(),
    /** draft | published | paused | ended */
    status: text('status').notNull().default('draft'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Shown instead of 活动暂未开始 / 活动未开始 when not empty. */
    noticeText: text('notice_text').notNull().default(''),
    sections: jsonb('sections').$type<ActivitySection[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_pages_listing_idx').on(t.template, t.status, t.endsAt)],
);

// ---- Daily specials (每日特价 /mrtj), welfare (全场94折 /welfare), cash-back (满返 /hb) ----
// Each activity has a status the operator moves: active (runs inside its dates), paused, ended.

/** A daily-special activity: its goods are on a special price every Beijing day in the range. */
export const dailySpecials = pgTable('daily_specials', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Beijing dates, inclusive. */
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  endsOn: date('ends_on', { mode: 'string' }).notNull(),
  /** active | paused | ended */
  status: text('status').notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One goods of a daily special: its price, per-store daily limit and special stock (null: none). */
export const dailySpecialGoods = pgTable(
  'daily_special_goods',
  {
    id: serial('id').primaryKey(),
    specialId: integer('special_id')
      .notNull()
      .references(() => dailySpecials.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    priceFen: integer('price_fen').notNull(),
    dailyLimit: integer('daily_limit'),
    stock: integer('stock'),
    /** Special units taken by orders not cancelled; never above stock (conditional update). */
    sold: integer('sold').notNull().default(0),
  },
  (t) => [uniqueIndex('daily_special_goods_uq').on(t.specialId, t.goodsId)],
);

/** Special units a store bought of one special goods on one Beijing day (the daily limit's count). */
export const dailySpecialStoreDays = pgTable(
  'daily_special_store_days',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => dailySpecialGoods.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    units: integer('units').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId, t.day] })],
);

/** What an order took of a daily special, so a cancel gives back exactly that, once. */
export const dailySpecialTakes = pgTable(
  'daily_special_takes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => dailySpecialGoods.id),
    userId: integer('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    units: integer('units').notNull(),
    amountFen: integer('amount_fen').notNull().default(0),
    released: boolean('released').notNull().default(false),
  },
  (t) => [
    index('daily_special_takes_order_idx').on(t.orderId),
    index('daily_special_takes_item_idx').on(t.itemId),
  ],
);

/** A welfare discount (全场94折): covered goods sell at rate_percent of their price. */
export const welfareActivities = pgTable('welfare_activities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  ratePercent: integer('rate_percent').notNull(),
  /** packages/domain Coverage: goods, categories, brands (data, never a tag). */
  coverage: jsonb('coverage').$type<Coverage>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** active | paused | ended */
  status: text('status').notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A cash-back activity (满返): covered goods' paid amount reaching a tier earns money back. */
export const cashBackActivities = pgTable('cash_back_activities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** [{ thresholdFen, amountFen }], thresholds increasing. */
  tiers: jsonb('tiers').$type<{ thresholdFen: number; amountFen: number }[]>().notNull(),
  /** The reached tier repeats for every multiple of its threshold (每满X返Y). */
  repeat: boolean('repeat').notNull().default(false),
  coverage: jsonb('coverage').$type<Coverage>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** active | paused | ended */
  status: text('status').notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The cash-back one order earned (one row per order: crediting twice is impossible). */
export const cashBackCredits = pgTable(
  'cash_back_credits',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => cashBackActivities.id),
    orderId: integer('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Paid amount of the covered lines the tiers were read on. */
    baseFen: integer('base_fen').notNull(),
    creditFen: integer('credit_fen').notNull(),
    reversedFen: integer('reversed_fen').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cash_back_credits_order_uq').on(t.orderId),
    index('cash_back_credits_user_idx').on(t.userId),
  ],
);

/** Units an order bought under a welfare discount (the activity's uses and sales). */
export const welfareTakes = pgTable(
  'welfare_takes',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => welfareActivities.id),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id').notNull(),
    goodsId: integer('goods_id').notNull(),
    units: integer('units').notNull(),
    released: boolean('released').notNull().default(false),
  },
  (t) => [
    index('welfare_takes_order_idx').on(t.orderId),
    index('welfare_takes_activity_idx').on(t.activityId),
  ],
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

/**
 * The one promotion shape (issue #36): a kind registered in packages/domain
 * (promotion/rules/index.ts) and its data. The rule's zod schemas check `condition` and
 * `action` on every write and every load; `coverage` is packages/domain Coverage (null: every
 * line the rule's condition admits). Kinds with SQL-enforced stock or per-store limits (flash
 * sale, daily specials) keep their counting tables; see modules/promotion/README.md for which
 * kinds live here and which still have their own table.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    coverage: jsonb('coverage').$type<Coverage>(),
    condition: jsonb('condition').$type<Record<string, unknown>>().notNull().default({}),
    action: jsonb('action').$type<Record<string, unknown>>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** What it may give away in total, in fen; null: no budget (not yet counted: README). */
    budgetFen: integer('budget_fen'),
    /** Who may take it (store kinds, regions); null: every buyer (not yet read: README). */
    audience: jsonb('audience').$type<Record<string, unknown>>(),
    /** active | paused | ended */
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promotions_live_idx').on(t.status, t.endsAt),
    check('promotions_schedule', sql`${t.endsAt} > ${t.startsAt}`),
    check('promotions_status', sql`${t.status} in ('active', 'paused', 'ended')`),
  ],
);
