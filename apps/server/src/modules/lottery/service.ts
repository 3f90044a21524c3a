import { randomInt, randomUUID } from 'node:crypto';
import {
  type AdminLotteryView,
  addDays,
  beijingDateOf,
  beijingStartOf,
  beijingToday,
  drawPrize,
  drawStatusNames,
  type EntryRule,
  entryKey,
  entryRules,
  type LotteryBody,
  maskStoreName,
  prizeKindName,
} from '@yaocai/domain';
import { and, asc, count, desc, eq, gt, inArray, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lotteries, lotteryDraws, lotteryPrizes } from '../../db/schema/points';
import type { BuyerCtx, Ctx, OperatorCtx } from '../../lib/context';
import { assertMaySpend } from '../../lib/eligibility';
import { AppError, conflict, fieldError, notFound, refusal } from '../../lib/errors';
import { storeBriefsOf } from '../account/briefs';
import { pointsBalance } from '../account/points-balance';
import { refuseShippingTo } from '../account/standing';
import { audit } from '../audit/service';
import { listAdminGoods } from '../catalog/admin-goods-list';
import { giftGoodsOf } from '../catalog/gift-goods';
import { paidOrdersOfStoreSince } from '../order/paid-orders';
import { movePoints } from '../points/ledger';
import { giftOrder } from '../points/mall';
import { couponExists, recentCoupons } from '../promotion/coupon-refs';
import { grantCouponById } from '../promotion/service';
import { moveBalance, USE_TYPE } from '../wallet/service';

// 抽奖: the server draws. A draw is one transaction: it claims the store's entry (a unique key:
// the day, a paid order, or a points draw paid for in the same transaction), picks a prize by
// weight among those with stock (crypto randomness, packages/domain drawPrize), takes one of its
// stock with a guarded update (none left: the pick is made again without it), gives the prize
// (points, a coupon, wallet money, or a goods to ship) and records the draw.

type Lottery = typeof lotteries.$inferSelect;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const ruleText = (l: Lottery) =>
  l.entryRule === 'points'
    ? `每次抽奖消耗${l.pointsCost}积分`
    : (entryRules.find((r) => r.code === l.entryRule)?.hint ?? '');
const running = (l: Lottery, now: Date) => l.isActive && l.startsAt <= now && now < l.endsAt;

/** The lottery running now (the first by id), or null. */
async function currentLottery(db: DbOrTx, now: Date) {
  const [l] = await db
    .select()
    .from(lotteries)
    .where(and(eq(lotteries.isActive, true), lte(lotteries.startsAt, now), gt(lotteries.endsAt, now)))
    .orderBy(asc(lotteries.id))
    .limit(1);
  return l ?? null;
}

/** Paid, not cancelled orders of the store since the lottery began that have no draw yet. */
function undrawnOrders(db: DbOrTx, l: Lottery, userId: number) {
  const paid = paidOrdersOfStoreSince(db, userId, l.startsAt);
  return db
    .select({ id: paid.id })
    .from(paid)
    .where(
      sql`not exists (select 1 from ${lotteryDraws} d where d.lottery_id = ${l.id} and d.user_id = ${userId} and d.entry_key = 'order:' || ${paid.id})`,
    )
    .orderBy(asc(paid.id));
}

/** How many draws the store may make now. */
async function chancesOf(db: DbOrTx, l: Lottery, userId: number, now: Date): Promise<number> {
  if (!running(l, now)) return 0;
  switch (l.entryRule as EntryRule) {
    case 'daily': {
      const [row] = await db
        .select({ n: count() })
        .from(lotteryDraws)
        .where(
          and(
            eq(lotteryDraws.lotteryId, l.id),
            eq(lotteryDraws.userId, userId),
            eq(lotteryDraws.entryKey, entryKey('daily', { today: beijingToday(now) })),
          ),
        );
      return (row?.n ?? 0) > 0 ? 0 : 1;
    }
    case 'order':
      return (await undrawnOrders(db, l, userId)).length;
    case 'points': {
      const points = (await pointsBalance(db, userId)) ?? 0;
      return l.pointsCost > 0 ? Math.floor(points / l.pointsCost) : 0;
    }
  }
}

/** GET /api/draw/simple: the running lottery and is_join (1: nothing left to draw, or a visitor). */
export async function simpleLottery(ctx: Ctx) {
  const l = await currentLottery(ctx.db, ctx.now);
  if (!l) return null;
  if (ctx.actor.kind !== 'buyer') return { id: l.id, is_join: 1 };
  return { id: l.id, is_join: (await chancesOf(ctx.db, l, ctx.actor.userId, ctx.now)) > 0 ? 0 : 1 };
}

async function prizesOf(db: DbOrTx, lotteryId: number) {
  return db
    .select()
    .from(lotteryPrizes)
    .where(eq(lotteryPrizes.lotteryId, lotteryId))
    .orderBy(asc(lotteryPrizes.sort), asc(lotteryPrizes.id));
}

/** GET /api/draw/{id}/activity: a lottery, its prizes and the store's chances. */
export async function lotteryActivity(ctx: Ctx, id: number) {
  const [l] = await ctx.db.select().from(lotteries).where(eq(lotteries.id, id));
  if (!l?.isActive) throw notFound('抽奖活动不存在或已结束');
  const prizes = await prizesOf(ctx.db, id);
  return {
    id: l.id,
    name: l.name,
    remarks: l.remarks,
    entry_rule: l.entryRule,
    rule_text: ruleText(l),
    points_cost: l.pointsCost,
    starts_at: seconds(l.startsAt),
    ends_at: seconds(l.endsAt),
    prizes: prizes.map((p) => ({
      id: p.id,
      name: p.name,
      remarks: p.remarks,
      kind: p.kind,
      kind_name: prizeKindName(p.kind),
    })),
    chances: ctx.actor.kind === 'buyer' ? await chancesOf(ctx.db, l, ctx.actor.userId, ctx.now) : 0,
  };
}

/** A uniform number in [0, 1) from the operating system's generator (randomInt's upper bound is exclusive). */
const secureRandom = () => randomInt(0, 2 ** 48 - 1) / (2 ** 48 - 1);

/** POST /api/draw */
export async function draw(ctx: BuyerCtx, lotteryId: number, random = secureRandom) {
  // Every draw is refused, not only a points entry: a prize gives money, points or goods.
  assertMaySpend(ctx);
  const userId = ctx.actor.userId;
  return ctx.db.transaction(async (tx) => {
    const [l] = await tx.select().from(lotteries).where(eq(lotteries.id, lotteryId));
    if (!l?.isActive) throw notFound('抽奖活动不存在或已结束');
    if (ctx.now < l.startsAt) throw refusal('抽奖活动尚未开始', 422);
    if (ctx.now >= l.endsAt) throw refusal('抽奖活动已结束', 422);

    // The entry: claimed by the unique (lottery, store, key) before anything is given.
    let key: string;
    const rule = l.entryRule as EntryRule;
    if (rule === 'order') {
      const [next] = await undrawnOrders(tx, l, userId).limit(1);
      if (!next) throw refusal('暂无抽奖机会：活动期间每支付一笔订单可抽奖一次', 422);
      key = entryKey('order', { today: '', orderId: next.id });
    } else if (rule === 'points') {
      await movePoints(tx, userId, -l.pointsCost, `积分抽奖：${l.name}`).catch(() => {
        throw refusal(`积分不足，每次抽奖需${l.pointsCost}积分`, 422);
      });
      key = entryKey('points', { today: '', drawToken: randomUUID() });
    } else key = entryKey('daily', { today: beijingToday(ctx.now) });
    const [entry] = await tx
      .insert(lotteryDraws)
      .values({ lotteryId: l.id, userId, entryKey: key, createdAt: ctx.now })
      .onConflictDoNothing()
      .returning({ id: lotteryDraws.id });
    if (!entry) throw conflict(rule === 'daily' ? '今天已经抽过奖了，明天再来吧' : '抽奖机会已用完');

    // The prize: drawn among those with stock; a prize whose last unit another draw took is
    // dropped and the draw made again.
    const prizes = await prizesOf(tx, l.id);
    const out = new Set(prizes.filter((p) => p.stock !== null && p.stock <= 0).map((p) => p.id));
    let won: (typeof prizes)[number] | null = null;
    for (;;) {
      const id = drawPrize(
        prizes.map((p) => ({ id: p.id, weight: p.weight, available: !out.has(p.id) })),
        random(),
      );
      if (id === null) break;
      const prize = prizes.find((p) => p.id === id) ?? null;
      if (!prize || prize.stock === null) {
        won = prize;
        break;
      }
      const [taken] = await tx
        .update(lotteryPrizes)
        .set({ stock: sql`${lotteryPrizes.stock} - 1` })
        .where(and(eq(lotteryPrizes.id, id), gt(lotteryPrizes.stock, 0)))
        .returning({ id: lotteryPrizes.id });
      if (taken) {
        won = prize;
        break;
      }
      out.add(id);
    }

    const kind = won?.kind ?? 'none';
    let status = 'done';
    if (won && kind === 'points') await movePoints(tx, userId, won.amount, `抽奖奖品：${won.name}`);
    if (won && kind === 'wallet')
      await moveBalance(tx, userId, won.amount, USE_TYPE.adjustment, `抽奖奖品：${won.name}`, {
        reference: `draw:${entry.id}`,
      });
    if (won && kind === 'coupon' && won.couponId)
      await grantCouponById(tx, { userId, couponId: won.couponId, source: 'lottery' }, ctx.now);
    let orderId: number | null = null;
    if (won && kind === 'goods' && won.goodsId) {
      // A free order at once; without an address or stock (a savepoint undoes the attempt) the
      // prize waits for the operator.
      const goodsId = won.goodsId;
      orderId = await tx
        .transaction((sp) =>
          giftOrder(ctx, sp, {
            goodsId,
            title: `抽奖奖品：${won.name}`,
            method: 'prize',
            pointsUsed: 0,
            key: `draw-${entry.id}`,
          }),
        )
        .catch((error: unknown) => {
          if (error instanceof AppError) return null;
          throw error;
        });
      status = orderId ? 'ordered' : 'to_ship';
    }
    const name = won?.name ?? '谢谢参与';
    const remarks = won?.remarks ?? '';
    await tx
      .update(lotteryDraws)
      .set({
        prizeId: won?.id ?? null,
        prizeKind: kind,
        prizeName: name,
        prizeRemarks: remarks,
        status,
        orderId,
      })
      .where(eq(lotteryDraws.id, entry.id));
    return { draw_id: entry.id, name, remarks, kind, chances: await chancesOf(tx, l, userId, ctx.now) };
  });
}

const recordView = (r: typeof lotteryDraws.$inferSelect, lotteryName: string) => ({
  id: r.id,
  lottery_name: lotteryName,
  name: r.prizeName,
  remarks: r.prizeRemarks,
  kind: r.prizeKind,
  kind_name: prizeKindName(r.prizeKind),
  status: r.status,
  status_name: r.prizeKind === 'none' ? '未中奖' : (drawStatusNames[r.status] ?? r.status),
  order_id: r.orderId,
  created_at: seconds(r.createdAt),
});

/** GET /api/draw/record: the store's draws, newest first. */
export async function myDraws(ctx: BuyerCtx, q: { page: number; page_size: number }) {
  const where = eq(lotteryDraws.userId, ctx.actor.userId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ d: lotteryDraws, name: lotteries.name })
      .from(lotteryDraws)
      .innerJoin(lotteries, eq(lotteries.id, lotteryDraws.lotteryId))
      .where(where)
      .orderBy(desc(lotteryDraws.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db.select({ n: count() }).from(lotteryDraws).where(where),
  ]);
  return {
    list: rows.map((x) => recordView(x.d, x.name)),
    total: total?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
  };
}

/** GET /api/draw/new_record: the latest 20 winners of a lottery (the running one by default). */
export async function latestWinners(ctx: Ctx, id: number) {
  const lotteryId = id || (await currentLottery(ctx.db, ctx.now))?.id;
  if (!lotteryId) return [];
  const rows = await ctx.db
    .select({ userId: lotteryDraws.userId, name: lotteryDraws.prizeName, at: lotteryDraws.createdAt })
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.lotteryId, lotteryId), ne(lotteryDraws.prizeKind, 'none')))
    .orderBy(desc(lotteryDraws.id))
    .limit(20);
  const stores = await storeBriefsOf(
    ctx.db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    store: maskStoreName(stores.get(r.userId)?.storeName ?? ''),
    name: r.name,
    at: seconds(r.at),
  }));
}

// ---- Console (promotions:write) ----

/**
 * The console's view of lotteries: their prizes, wins per prize and draws, read for all of them
 * in three statements (not three per lottery).
 */
async function adminViews(db: DbOrTx, list: Lottery[], now: Date): Promise<AdminLotteryView[]> {
  if (list.length === 0) return [];
  const ids = list.map((l) => l.id);
  const [prizes, won, draws] = await Promise.all([
    db
      .select()
      .from(lotteryPrizes)
      .where(inArray(lotteryPrizes.lotteryId, ids))
      .orderBy(asc(lotteryPrizes.sort), asc(lotteryPrizes.id)),
    db
      .select({ prizeId: lotteryDraws.prizeId, n: count() })
      .from(lotteryDraws)
      .where(inArray(lotteryDraws.lotteryId, ids))
      .groupBy(lotteryDraws.prizeId),
    db
      .select({ lotteryId: lotteryDraws.lotteryId, n: count() })
      .from(lotteryDraws)
      .where(inArray(lotteryDraws.lotteryId, ids))
      .groupBy(lotteryDraws.lotteryId),
  ]);
  const wonBy = new Map(won.map((w) => [w.prizeId, w.n]));
  const drawsOf = new Map(draws.map((d) => [d.lotteryId, d.n]));
  return list.map((l) => ({
    id: l.id,
    name: l.name,
    remarks: l.remarks,
    entry_rule: l.entryRule,
    rule_text: ruleText(l),
    points_cost: l.pointsCost,
    starts_on: beijingDateOf(l.startsAt),
    ends_on: addDays(beijingDateOf(l.endsAt), -1),
    is_active: l.isActive,
    running: running(l, now),
    draws: drawsOf.get(l.id) ?? 0,
    prizes: prizes
      .filter((p) => p.lotteryId === l.id)
      .map((p) => ({
        id: p.id,
        name: p.name,
        remarks: p.remarks,
        kind: p.kind,
        kind_name: prizeKindName(p.kind),
        amount: p.amount,
        coupon_id: p.couponId,
        goods_id: p.goodsId,
        weight: p.weight,
        stock: p.stock,
        won: wonBy.get(p.id) ?? 0,
      })),
  }));
}
const adminView = async (db: DbOrTx, l: Lottery, now: Date) => (await adminViews(db, [l], now))[0];

export async function listLotteries(ctx: OperatorCtx) {
  const rows = await ctx.db.select().from(lotteries).orderBy(desc(lotteries.id)).limit(100);
  return adminViews(ctx.db, rows, ctx.now);
}

/** Checks the coupons and goods the prizes name exist. */
async function checkPrizeRefs(db: DbOrTx, body: LotteryBody) {
  for (const [i, p] of body.prizes.entries()) {
    if (p.kind === 'coupon') {
      if (!(await couponExists(db, p.coupon_id))) throw fieldError(`prizes.${i}.coupon_id`, '优惠券不存在');
    }
    if (p.kind === 'goods') {
      if (!(await giftGoodsOf(db, p.goods_id))) throw fieldError(`prizes.${i}.goods_id`, '商品不存在');
    }
  }
}

const prizeValues = (lotteryId: number, p: LotteryBody['prizes'][number], sort: number) => ({
  lotteryId,
  name: p.name,
  remarks: p.remarks,
  kind: p.kind,
  amount: p.kind === 'points' || p.kind === 'wallet' ? p.amount : 0,
  couponId: p.kind === 'coupon' ? p.coupon_id : null,
  goodsId: p.kind === 'goods' ? p.goods_id : null,
  weight: p.weight,
  stock: p.stock,
  sort,
});

/**
 * Creates or edits a lottery with its prizes. Prizes keep their ids (draws point at them); a
 * prize left out of an edit stays on record with weight 0, so it is no longer drawn.
 */
export async function saveLottery(ctx: OperatorCtx, id: number | null, body: LotteryBody) {
  return ctx.db.transaction(async (tx) => {
    await checkPrizeRefs(tx, body);
    const values = {
      name: body.name,
      remarks: body.remarks,
      entryRule: body.entry_rule,
      pointsCost: body.entry_rule === 'points' ? body.points_cost : 0,
      startsAt: beijingStartOf(body.starts_on),
      endsAt: beijingStartOf(addDays(body.ends_on, 1)),
      isActive: body.is_active,
      updatedAt: ctx.now,
    };
    let before: AdminLotteryView | null = null;
    let l: Lottery;
    if (id === null) {
      [l] = await tx.insert(lotteries).values(values).returning();
    } else {
      const [old] = await tx.select().from(lotteries).where(eq(lotteries.id, id)).for('update');
      if (!old) throw notFound('抽奖活动不存在');
      before = await adminView(tx, old, ctx.now);
      [l] = await tx.update(lotteries).set(values).where(eq(lotteries.id, id)).returning();
    }
    const existing = await prizesOf(tx, l.id);
    const kept: number[] = [];
    for (const [i, p] of body.prizes.entries()) {
      if (p.id) {
        if (!existing.some((e) => e.id === p.id)) throw fieldError(`prizes.${i}.id`, '奖品不属于该活动');
        await tx
          .update(lotteryPrizes)
          .set(prizeValues(l.id, p, i))
          .where(eq(lotteryPrizes.id, p.id));
        kept.push(p.id);
      } else {
        const [row] = await tx
          .insert(lotteryPrizes)
          .values(prizeValues(l.id, p, i))
          .returning({ id: lotteryPrizes.id });
        kept.push(row.id);
      }
    }
    const dropped = existing.filter((e) => !kept.includes(e.id)).map((e) => e.id);
    if (dropped.length)
      await tx
        .update(lotteryPrizes)
        .set({ weight: 0, sort: 1000 })
        .where(and(eq(lotteryPrizes.lotteryId, l.id), notInArray(lotteryPrizes.id, kept)));
    const after = await adminView(tx, l, ctx.now);
    await audit(tx, ctx, {
      action: id === null ? 'lottery.create' : 'lottery.update',
      target: { type: 'lottery', id: l.id },
      before,
      after,
    });
    return after;
  });
}

/** The draws of a lottery (winners only, or by shipping state) with the stores. */
export async function lotteryDrawsPage(
  ctx: OperatorCtx,
  lotteryId: number,
  q: { winners?: '0' | '1'; status?: string; page: number; page_size: number },
) {
  const [l] = await ctx.db.select().from(lotteries).where(eq(lotteries.id, lotteryId));
  if (!l) throw notFound('抽奖活动不存在');
  const where = and(
    eq(lotteryDraws.lotteryId, lotteryId),
    q.winners === '1' ? ne(lotteryDraws.prizeKind, 'none') : undefined,
    q.status ? eq(lotteryDraws.status, q.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ d: lotteryDraws })
      .from(lotteryDraws)
      .where(where)
      .orderBy(desc(lotteryDraws.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db.select({ n: count() }).from(lotteryDraws).where(where),
  ]);
  const stores = await storeBriefsOf(
    ctx.db,
    rows.map((x) => x.d.userId),
  );
  return {
    list: rows.map((x) => {
      const store = stores.get(x.d.userId);
      return { ...recordView(x.d, l.name), store_name: store?.storeName ?? '', phone: store?.phone ?? '' };
    }),
    total: total?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
  };
}

/** Coupons, and goods on sale matching a word, for the prize and reward pickers. */
export async function promotionOptions(ctx: OperatorCtx, q: string) {
  const [couponRows, goodsPage] = await Promise.all([
    recentCoupons(ctx.db, 200),
    listAdminGoods(ctx, { q: q || undefined, on_sale: '1', page: 1, page_size: 20 }),
  ]);
  return {
    coupons: couponRows,
    goods: goodsPage.list.map((g) => ({ id: g.id, name: g.name, spec: g.spec })),
  };
}

/** Marks a won goods shipped. */
export async function shipDrawPrize(ctx: OperatorCtx, drawId: number) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(lotteryDraws)
      .set({ status: 'shipped', shippedBy: ctx.actor.operatorId, shippedAt: ctx.now })
      .where(and(eq(lotteryDraws.id, drawId), eq(lotteryDraws.status, 'to_ship')))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: lotteryDraws.id })
        .from(lotteryDraws)
        .where(eq(lotteryDraws.id, drawId));
      if (!exists) throw notFound('抽奖记录不存在');
      throw conflict('该奖品无需发货或已发货');
    }
    await refuseShippingTo(tx, row.userId);
    await audit(tx, ctx, {
      action: 'lottery.ship_prize',
      target: { type: 'lottery_draw', id: drawId },
      before: { status: 'to_ship' },
      after: { status: 'shipped', prize: row.prizeName, user_id: row.userId },
    });
    return { id: row.id };
  });
}
