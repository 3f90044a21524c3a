import { beijingDateOf } from '@yaocai/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../src/db/client';
import {
  coupons,
  goods,
  lotteries,
  lotteryDraws,
  lotteryPrizes,
  pointsLog,
  rewards,
  users,
} from '../../src/db/schema';
import { grantCoupon } from '../../src/modules/promotion/service';
import { demoAccounts } from './accounts';

const DAY = 86_400_000;

/** Points the seed gives, through the ledger (the balance stays the ledger's sum). */
async function givePoints(tx: Tx, userId: number, change: number, reason: string, at: Date) {
  const [u] = await tx
    .update(users)
    .set({ points: sql`${users.points} + ${change}` })
    .where(eq(users.id, userId))
    .returning({ points: users.points });
  await tx.insert(pointsLog).values({ userId, change, balanceAfter: u.points, reason, createdAt: at });
}

/**
 * The running lottery (幸运大转盘, one free draw a day: the banner shows on the demo store's
 * pages today) with its prizes and past draws (the demo store's, and other stores' wins for the
 * winners' ticker and 运营's 待发货 list), and the points mall's rewards. Needs the accounts, the
 * catalogue and the orders (for the demo store's points).
 */
export async function seedPoints(tx: Tx, at: Date) {
  const stores = await tx
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(inArray(users.phone, [demoAccounts.buyer.phone, ...demoAccounts.otherStores]));
  const buyer = stores.find((s) => s.phone === demoAccounts.buyer.phone);
  const others = stores.filter((s) => s.phone !== demoAccounts.buyer.phone);
  const [device] = await tx
    .select({ id: goods.id, name: goods.name })
    .from(goods)
    .where(and(eq(goods.isOnSale, true), eq(goods.kind, 'device')))
    .orderBy(asc(goods.id))
    .limit(1);
  const [mask] = await tx
    .select({ id: goods.id, name: goods.name, image: goods.image })
    .from(goods)
    .where(and(eq(goods.isOnSale, true), eq(goods.kind, 'device')))
    .orderBy(asc(goods.id))
    .offset(1)
    .limit(1);
  if (!buyer || !device) return;
  const now = at.getTime();
  const ago = (days: number) => new Date(now - days * DAY);

  const [coupon] = await tx
    .insert(coupons)
    .values({
      name: '抽奖专享 满500减30',
      kind: 'amount_off',
      thresholdFen: 50_000,
      amountFen: 3_000,
      validFrom: beijingDateOf(new Date(now - DAY)),
      validTo: beijingDateOf(new Date(now + 60 * DAY)),
    })
    .returning();
  const [lottery] = await tx
    .insert(lotteries)
    .values({
      name: '幸运大转盘',
      remarks: '活动期间每个门店每天可免费抽奖一次，奖品含积分、优惠券、账户余额和实物。',
      entryRule: 'daily',
      startsAt: ago(7),
      endsAt: new Date(now + 30 * DAY),
    })
    .returning();
  const prizes = await tx
    .insert(lotteryPrizes)
    .values([
      {
        lotteryId: lottery.id,
        name: '100积分',
        remarks: '可在结算时抵扣货款',
        kind: 'points',
        amount: 100,
        weight: 30,
        sort: 0,
      },
      {
        lotteryId: lottery.id,
        name: '满500减30券',
        remarks: '60天内有效',
        kind: 'coupon',
        couponId: coupon.id,
        weight: 10,
        stock: 50,
        sort: 1,
      },
      {
        lotteryId: lottery.id,
        name: '10元余额',
        remarks: '直接存入账户余额',
        kind: 'wallet',
        amount: 1000,
        weight: 5,
        stock: 20,
        sort: 2,
      },
      {
        lotteryId: lottery.id,
        name: device.name,
        remarks: '随下一单发货',
        kind: 'goods',
        goodsId: device.id,
        weight: 1,
        stock: 5,
        sort: 3,
      },
      { lotteryId: lottery.id, name: '谢谢参与', remarks: '', kind: 'none', weight: 54, sort: 4 },
    ])
    .returning();
  const [points100, couponPrize, , goodsPrize, nothing] = prizes;

  // The demo store drew on two earlier days: 100 points once, nothing once.
  await tx.insert(lotteryDraws).values([
    {
      lotteryId: lottery.id,
      userId: buyer.id,
      entryKey: `day:${beijingDateOf(ago(3))}`,
      prizeId: points100.id,
      prizeKind: 'points',
      prizeName: points100.name,
      prizeRemarks: points100.remarks,
      createdAt: ago(3),
    },
    {
      lotteryId: lottery.id,
      userId: buyer.id,
      entryKey: `day:${beijingDateOf(ago(2))}`,
      prizeId: nothing.id,
      prizeKind: 'none',
      prizeName: '谢谢参与',
      createdAt: ago(2),
    },
  ]);
  await givePoints(tx, buyer.id, 100, '抽奖奖品：100积分', ago(3));
  // Other stores' wins: a coupon, and the goods 运营 still has to ship.
  for (const [i, s] of others.entries()) {
    const prize = i === 0 ? goodsPrize : couponPrize;
    await tx.insert(lotteryDraws).values({
      lotteryId: lottery.id,
      userId: s.id,
      entryKey: `day:${beijingDateOf(ago(1))}`,
      prizeId: prize.id,
      prizeKind: prize.kind,
      prizeName: prize.name,
      prizeRemarks: prize.remarks,
      status: prize.kind === 'goods' ? 'to_ship' : 'done',
      createdAt: ago(1),
    });
    await tx
      .update(lotteryPrizes)
      .set({ stock: sql`${lotteryPrizes.stock} - 1` })
      .where(eq(lotteryPrizes.id, prize.id));
    if (prize.kind === 'coupon') await grantCoupon(tx, { userId: s.id, coupon, source: 'lottery' }, ago(1));
  }

  // The points mall.
  await tx.insert(rewards).values([
    {
      kind: 'coupon',
      name: '满500减30优惠券',
      description: '兑换后立即发放，60天内有效',
      couponId: coupon.id,
      points: 500,
      stock: 200,
      perStoreLimit: 2,
      startsAt: ago(7),
      endsAt: new Date(now + 60 * DAY),
      sort: 0,
    },
    {
      kind: 'goods',
      name: device.name,
      description: '实物礼品，兑换后生成0元订单随仓发货',
      goodsId: device.id,
      image: `/media/goods/${device.id}.svg`,
      points: 2000,
      stock: 30,
      perStoreLimit: 1,
      startsAt: ago(7),
      endsAt: new Date(now + 60 * DAY),
      sort: 1,
    },
    ...(mask
      ? [
          {
            kind: 'goods',
            name: mask.name,
            description: '实物礼品，兑换后生成0元订单随仓发货',
            goodsId: mask.id,
            image: mask.image ?? `/media/goods/${mask.id}.svg`,
            points: 3000,
            stock: 10,
            perStoreLimit: 1,
            startsAt: ago(7),
            endsAt: new Date(now + 60 * DAY),
            sort: 2,
          },
        ]
      : []),
  ]);
}
