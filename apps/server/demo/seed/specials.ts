import { addDays, beijingStartOf, beijingToday, mulFloor } from '@yaocai/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../src/db/client';
import {
  cashBackActivities,
  dailySpecialGoods,
  dailySpecials,
  goods,
  orderLines,
  orders,
  users,
  welfareActivities,
} from '../../src/db/schema';
import { creditOrderCashBack } from '../../src/modules/promotion/cash-back';

const DAY = 86_400_000;

/**
 * Demo 每日特价, 全场94折 and 满返: a daily special running every day for ten years from the
 * seed day (so /mrtj has today's specials on any later `npm start`), a welfare 94折 and a 满返
 * activity running a year, and the demo buyer's received order credited its cash-back through
 * the same code the order's receipt runs.
 */
export async function seedSpecials(tx: Tx, now: Date) {
  const today = beijingToday(now);
  const pool = await tx
    .select({ id: goods.id, basePriceFen: goods.basePriceFen })
    .from(goods)
    // Goods tagged 满 stay out: a special price takes no full-reduction, and the demo's 满减
    // goods should keep reaching their tiers.
    .where(
      and(
        eq(goods.isOnSale, true),
        eq(goods.isBuy, true),
        eq(goods.ephedrine, false),
        sql`not (${goods.tags} @> array['满']::text[])`,
      ),
    )
    .orderBy(asc(goods.id))
    .limit(40);
  if (pool.length < 20) return;
  const [buyer] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, '13800000001'));
  const [received] = buyer
    ? await tx
        .select()
        .from(orders)
        .where(and(eq(orders.userId, buyer.id), eq(orders.status, 'completed')))
        .orderBy(desc(orders.id))
        .limit(1)
    : [];
  const receivedLines = received
    ? await tx.select().from(orderLines).where(eq(orderLines.orderId, received.id))
    : [];
  const receivedGoods = receivedLines.map((l) => l.goodsId);
  const free = pool.filter((g) => !receivedGoods.includes(g.id));

  const [daily] = await tx
    .insert(dailySpecials)
    .values({ name: '每日特价', startsOn: addDays(today, -1), endsOn: addDays(today, 3650) })
    .returning();
  await tx.insert(dailySpecialGoods).values(
    free.slice(0, 8).map((g, i) => ({
      specialId: daily.id,
      goodsId: g.id,
      priceFen: Math.max(1, mulFloor(g.basePriceFen, 80 + (i % 3) * 5, 100)),
      dailyLimit: i % 2 === 0 ? 10 : null,
      stock: i % 4 === 1 ? 500 : null,
    })),
  );

  const welfareGoods = free.slice(8, 20).map((g) => g.id);
  await tx.insert(welfareActivities).values({
    name: '全场94折',
    ratePercent: 94,
    coverage: { goodsIds: welfareGoods },
    startsAt: beijingStartOf(addDays(today, -1)),
    endsAt: beijingStartOf(addDays(today, 365)),
  });

  const covered = [...receivedGoods, ...free.slice(20, 32).map((g) => g.id)];
  await tx.insert(cashBackActivities).values({
    name: '满额返现',
    tiers: [
      { thresholdFen: 200_00, amountFen: 5_00 },
      { thresholdFen: 1000_00, amountFen: 30_00 },
      { thresholdFen: 3000_00, amountFen: 100_00 },
    ],
    repeat: false,
    coverage: { goodsIds: covered },
    startsAt: new Date(now.getTime() - 90 * DAY),
    endsAt: beijingStartOf(addDays(today, 365)),
  });
  if (received) await creditOrderCashBack(tx, received, receivedLines);
}
