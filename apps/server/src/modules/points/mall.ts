import {
  addDays,
  beijingDateOf,
  beijingStartOf,
  formatAddress,
  type RewardBody,
  type RewardView,
} from '@yaocai/domain';
import { and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { redemptions, rewards } from '../../db/schema/points';
import type { BuyerCtx, Ctx, OperatorCtx } from '../../lib/context';
import { assertMaySpend } from '../../lib/eligibility';
import { conflict, fieldError, notFound, refusal } from '../../lib/errors';
import { storeBriefsOf } from '../account/briefs';
import { shippingAddressOf } from '../address/service';
import { audit } from '../audit/service';
import { fullestWarehouseOf, giftGoodsOf } from '../catalog/gift-goods';
import { insertOrder } from '../order/inserts';
import { findOrder, transition } from '../order/state';
import { moveStock } from '../order/stock';
import { couponExists } from '../promotion/coupon-refs';
import { grantCouponById } from '../promotion/service';
import { movePoints } from './ledger';

// 积分商城: a redemption is one transaction. It spends the points (the store's row, locked by
// the guarded update, serialises its own redemptions, so the per-store limit counted after it
// holds), takes one of the reward's stock by a guarded update, and gives the reward: a coupon at
// once, or a goods as a free order paid by points that ships like any other.

type Reward = typeof rewards.$inferSelect;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const open = (now: Date) =>
  and(eq(rewards.isActive, true), lte(rewards.startsAt, now), gt(rewards.endsAt, now));

const view = (r: Reward, redeemed: number): RewardView => ({
  id: r.id,
  kind: r.kind as 'goods' | 'coupon',
  name: r.name,
  description: r.description,
  image: r.image,
  points: r.points,
  stock: r.stock,
  per_store_limit: r.perStoreLimit,
  redeemed,
  ends_at: seconds(r.endsAt),
});

async function redeemedBy(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ rewardId: redemptions.rewardId, n: count() })
    .from(redemptions)
    .where(eq(redemptions.userId, userId))
    .groupBy(redemptions.rewardId);
  return new Map(rows.map((r) => [r.rewardId, r.n]));
}

/** GET /api/jfsc/rewards: the rewards on offer now, with what this store has redeemed. */
export async function rewardList(ctx: Ctx) {
  const rows = await ctx.db
    .select()
    .from(rewards)
    .where(open(ctx.now))
    .orderBy(asc(rewards.sort), asc(rewards.points));
  const mine =
    ctx.actor.kind === 'buyer' ? await redeemedBy(ctx.db, ctx.actor.userId) : new Map<number, number>();
  return rows.map((r) => view(r, mine.get(r.id) ?? 0));
}

/** What a free order is for: a points redemption, or a lottery prize. */
export interface GiftOrder {
  goodsId: number;
  /** The order's remark and its payment's history note. */
  title: string;
  method: 'points' | 'prize';
  pointsUsed: number;
  /** The order's idempotency key (one order per redemption or draw). */
  key: string;
}

/**
 * A free order of one goods, ready to ship like any other (in the caller's transaction): to the
 * given address of the store, or its default one; stock reserved from the warehouse holding most.
 */
export async function giftOrder(ctx: BuyerCtx, tx: DbOrTx, gift: GiftOrder, addressId = 0) {
  const address = await shippingAddressOf(tx, ctx.actor.userId, addressId);
  if (!address) throw addressId ? notFound('收货地址不存在') : refusal('请先添加收货地址', 422);
  const g = await giftGoodsOf(tx, gift.goodsId);
  if (!g) throw refusal('该礼品暂不可兑换', 422);
  const from = await fullestWarehouseOf(tx, g.id);
  if (!from) throw refusal('该礼品库存不足，请稍后再试', 422);
  const snapshot = {
    consignee: address.consignee,
    phone: address.phone,
    province: address.province,
    city: address.city,
    district: address.district,
    detail: address.detail,
  };
  const created = await insertOrder(
    tx,
    {
      dateNo: beijingDateOf(ctx.now).replaceAll('-', ''),
      userId: ctx.actor.userId,
      companyId: ctx.actor.companyId,
      goodsFen: 0,
      fullReductionFen: 0,
      couponFen: 0,
      pointsUsed: gift.pointsUsed,
      pointsFen: 0,
      shippingFen: 0,
      totalFen: 0,
      userCouponId: null,
      address: snapshot,
      invoice: null,
      remarks: gift.title,
      papers: [],
      idempotencyKey: gift.key,
      expiresAt: ctx.now,
      ephedrine: false,
      receiptStatus: 'none',
    },
    [
      {
        kind: 'gift',
        goodsId: g.id,
        warehouseId: from.id,
        warehouseName: from.name,
        goodsName: g.name,
        spec: g.spec,
        manufacturer: g.manufacturer,
        unit: g.unit,
        image: g.image,
        ephedrine: false,
        quantity: 1,
        unitPriceFen: 0,
        amountFen: 0,
        reductionFen: 0,
        payableFen: 0,
      },
    ],
    {
      actorType: 'buyer',
      actorId: ctx.actor.userId,
      event: 'create',
      from: null,
      to: 'pending_payment',
      note: `${gift.title}（${formatAddress(snapshot)}）`,
    },
    [],
    // A gift order takes no cart lines.
    [],
  );
  if (!created) throw conflict('兑换处理中，请稍候');
  await moveStock(tx, [{ goodsId: g.id, warehouseId: from.id, quantity: 1 }], 'reserve');
  const row = await findOrder(tx, created.id);
  if (!row) throw conflict('兑换处理中，请稍候');
  await transition(tx, row, 'pay', { type: 'buyer', id: ctx.actor.userId, at: ctx.now }, gift.title, {
    paymentMethod: gift.method,
    paidAt: ctx.now,
  });
  return created.id;
}

/** POST /api/jfsc/redeem */
export async function redeem(ctx: BuyerCtx, rewardId: number, addressId: number) {
  assertMaySpend(ctx);
  const userId = ctx.actor.userId;
  return ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(rewards)
      .where(and(eq(rewards.id, rewardId), open(ctx.now)));
    if (!r) throw notFound('礼品不存在或已下架');
    await movePoints(tx, userId, -r.points, `积分兑换：${r.name}`).catch(() => {
      throw refusal(`积分不足，兑换需要${r.points}积分`, 422);
    });
    const [mine] = await tx
      .select({ n: count() })
      .from(redemptions)
      .where(and(eq(redemptions.userId, userId), eq(redemptions.rewardId, r.id)));
    if ((mine?.n ?? 0) >= r.perStoreLimit) throw refusal(`每个门店限兑${r.perStoreLimit}次`, 422);
    const [taken] = await tx
      .update(rewards)
      .set({ stock: sql`${rewards.stock} - 1` })
      .where(and(eq(rewards.id, r.id), gt(rewards.stock, 0)))
      .returning({ id: rewards.id });
    if (!taken) throw refusal('礼品已兑完', 422);
    const [redemption] = await tx
      .insert(redemptions)
      .values({ rewardId: r.id, userId, points: r.points, rewardName: r.name, createdAt: ctx.now })
      .returning({ id: redemptions.id });
    let orderId: number | null = null;
    let userCouponId: number | null = null;
    if (r.kind === 'coupon') {
      const uc = await grantCouponById(tx, { userId, couponId: r.couponId ?? 0, source: 'points' }, ctx.now);
      userCouponId = uc.id;
    } else
      orderId = await giftOrder(
        ctx,
        tx,
        {
          goodsId: r.goodsId ?? 0,
          title: `积分兑换：${r.name}`,
          method: 'points',
          pointsUsed: r.points,
          key: `redeem-${redemption.id}`,
        },
        addressId,
      );
    await tx.update(redemptions).set({ orderId, userCouponId }).where(eq(redemptions.id, redemption.id));
    return {
      id: redemption.id,
      reward_name: r.name,
      kind: r.kind,
      points: r.points,
      order_id: orderId,
      created_at: seconds(ctx.now),
    };
  });
}

const redemptionRow = (x: typeof redemptions.$inferSelect, kind: string) => ({
  id: x.id,
  reward_name: x.rewardName,
  kind,
  points: x.points,
  order_id: x.orderId,
  created_at: seconds(x.createdAt),
});

/** GET /api/jfsc/redemptions: the store's redemptions, newest first. */
export async function myRedemptions(ctx: BuyerCtx, q: { page: number; page_size: number }) {
  const where = eq(redemptions.userId, ctx.actor.userId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ x: redemptions, kind: rewards.kind })
      .from(redemptions)
      .innerJoin(rewards, eq(rewards.id, redemptions.rewardId))
      .where(where)
      .orderBy(desc(redemptions.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db.select({ n: count() }).from(redemptions).where(where),
  ]);
  return {
    list: rows.map((r) => redemptionRow(r.x, r.kind)),
    total: total?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
  };
}

// ---- Console (promotions:write) ----

/** The console's view of rewards, with their redemption counts read in one statement. */
async function adminViews(db: DbOrTx, list: Reward[]) {
  if (list.length === 0) return [];
  const counts = await db
    .select({ rewardId: redemptions.rewardId, n: count() })
    .from(redemptions)
    .where(
      inArray(
        redemptions.rewardId,
        list.map((r) => r.id),
      ),
    )
    .groupBy(redemptions.rewardId);
  const countOf = new Map(counts.map((c) => [c.rewardId, c.n]));
  return list.map((r) => ({
    ...view(r, 0),
    goods_id: r.goodsId,
    coupon_id: r.couponId,
    starts_on: beijingDateOf(r.startsAt),
    ends_on: addDays(beijingDateOf(r.endsAt), -1),
    is_active: r.isActive,
    redemptions: countOf.get(r.id) ?? 0,
  }));
}
const adminView = async (db: DbOrTx, r: Reward) => (await adminViews(db, [r]))[0];

export async function listRewards(ctx: OperatorCtx) {
  return adminViews(ctx.db, await ctx.db.select().from(rewards).orderBy(desc(rewards.id)).limit(200));
}

export async function saveReward(ctx: OperatorCtx, id: number | null, body: RewardBody) {
  return ctx.db.transaction(async (tx) => {
    let image: string | null = null;
    if (body.kind === 'goods') {
      const g = await giftGoodsOf(tx, body.goods_id);
      if (!g) throw fieldError('goods_id', '商品不存在');
      image = g.image ?? `/media/goods/${g.id}.svg`;
    } else if (!(await couponExists(tx, body.coupon_id))) throw fieldError('coupon_id', '优惠券不存在');
    const values = {
      kind: body.kind,
      name: body.name,
      description: body.description,
      image,
      goodsId: body.kind === 'goods' ? body.goods_id : null,
      couponId: body.kind === 'coupon' ? body.coupon_id : null,
      points: body.points,
      stock: body.stock,
      perStoreLimit: body.per_store_limit,
      startsAt: beijingStartOf(body.starts_on),
      endsAt: beijingStartOf(addDays(body.ends_on, 1)),
      isActive: body.is_active,
    };
    let before: object | null = null;
    let row: Reward;
    if (id === null) [row] = await tx.insert(rewards).values(values).returning();
    else {
      const [old] = await tx.select().from(rewards).where(eq(rewards.id, id)).for('update');
      if (!old) throw notFound('礼品不存在');
      before = await adminView(tx, old);
      [row] = await tx.update(rewards).set(values).where(eq(rewards.id, id)).returning();
    }
    const after = await adminView(tx, row);
    await audit(tx, ctx, {
      action: id === null ? 'reward.create' : 'reward.update',
      target: { type: 'reward', id: row.id },
      before,
      after,
    });
    return after;
  });
}

export async function listRedemptions(ctx: OperatorCtx, q: { page: number; page_size: number }) {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ x: redemptions, kind: rewards.kind })
      .from(redemptions)
      .innerJoin(rewards, eq(rewards.id, redemptions.rewardId))
      .orderBy(desc(redemptions.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db.select({ n: count() }).from(redemptions),
  ]);
  const stores = await storeBriefsOf(
    ctx.db,
    rows.map((r) => r.x.userId),
  );
  return {
    list: rows.map((r) => {
      const store = stores.get(r.x.userId);
      return { ...redemptionRow(r.x, r.kind), store_name: store?.storeName ?? '', phone: store?.phone ?? '' };
    }),
    total: total?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
  };
}
