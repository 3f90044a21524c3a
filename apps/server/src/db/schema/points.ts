import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators, users } from './account';
import { goods } from './catalog';
import { orders } from './order';
import { coupons } from './promotion';

/**
 * A lottery (抽奖活动) the operator runs (promotions:write): open between its dates while
 * enabled; its entry rule (packages/domain EntryRule) says when a store may draw.
 */
export const lotteries = pgTable('lotteries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  remarks: text('remarks').notNull().default(''),
  /** daily | order | points */
  entryRule: text('entry_rule').notNull().default('daily'),
  /** Points one draw costs under the points rule. */
  pointsCost: integer('points_cost').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A prize of a lottery: its kind (packages/domain PrizeKind) and what it gives (points, a coupon,
 * wallet fen, a goods), its weight, and its own stock (null: unlimited), taken by one guarded
 * statement per win so a prize is never won more often than it has stock.
 */
export const lotteryPrizes = pgTable(
  'lottery_prizes',
  {
    id: serial('id').primaryKey(),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => lotteries.id),
    name: text('name').notNull(),
    remarks: text('remarks').notNull().default(''),
    kind: text('kind').notNull(),
    /** Points (kind points) or fen (kind wallet). */
    amount: integer('amount').notNull().default(0),
    couponId: integer('coupon_id').references(() => coupons.id),
    goodsId: integer('goods_id').references(() => goods.id),
    weight: integer('weight').notNull(),
    stock: integer('stock'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('lottery_prizes_lottery_idx').on(t.lotteryId, t.sort)],
);

/**
 * One draw of one store: its entry (one per key: the day, the paid order, a points draw) and what
 * it won, as won (the prize may change later). A won goods ships as a free order at once
 * (ordered), or, when the store has no address or the goods no stock, waits for the operator
 * (to_ship -> shipped).
 */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: serial('id').primaryKey(),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => lotteries.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    entryKey: text('entry_key').notNull(),
    prizeId: integer('prize_id').references(() => lotteryPrizes.id),
    prizeKind: text('prize_kind').notNull().default('none'),
    prizeName: text('prize_name').notNull().default('谢谢参与'),
    prizeRemarks: text('prize_remarks').notNull().default(''),
    /** done | to_ship (no address or stock when won: the operator ships it) | shipped | ordered */
    status: text('status').notNull().default('done'),
    /** The free order a won goods ships with. */
    orderId: integer('order_id').references(() => orders.id),
    shippedBy: integer('shipped_by').references(() => operators.id),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lottery_draws_entry_uq').on(t.lotteryId, t.userId, t.entryKey),
    index('lottery_draws_user_idx').on(t.userId, t.id),
    index('lottery_draws_lottery_idx').on(t.lotteryId, t.id),
    index('lottery_draws_winners_idx').on(t.lotteryId, t.id).where(sql`prize_kind <> 'none'`),
  ],
);

/**
 * A reward of the points mall (积分商城 /jfsc): a goods shipped as a free order, or a coupon
 * issued at once, for points; with stock, a per-store limit and a validity window.
 */
export const rewards = pgTable('rewards', {
  id: serial('id').primaryKey(),
  /** goods | coupon */
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  image: text('image'),
  goodsId: integer('goods_id').references(() => goods.id),
  couponId: integer('coupon_id').references(() => coupons.id),
  points: integer('points').notNull(),
  stock: integer('stock').notNull(),
  perStoreLimit: integer('per_store_limit').notNull().default(1),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One redemption: the points spent, and the order (goods) or the coupon it gave. */
export const redemptions = pgTable(
  'redemptions',
  {
    id: serial('id').primaryKey(),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    points: integer('points').notNull(),
    rewardName: text('reward_name').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    userCouponId: integer('user_coupon_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('redemptions_user_idx').on(t.userId, t.rewardId),
    index('redemptions_reward_idx').on(t.rewardId, t.id),
  ],
);

/** Every change of a store's points, with the balance after. */
export const pointsLog = pgTable(
  'points_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    change: integer('change').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    orderId: integer('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('points_log_user_idx').on(t.userId)],
);
