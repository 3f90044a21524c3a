import { addDays, beijingToday } from '@yaocai/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../src/db/client';
import { categories, coupons, users } from '../../src/db/schema';
import { grantCoupon } from '../../src/modules/promotion/service';

/**
 * Coupon demo data: the coupon centre (/lqzx) with one coupon nearly claimed out, one not started
 * yet, one for a category and one excluding 特价 goods; a new-buyer pack; and coupons the demo
 * store 13800000001 claimed, so /yhq, /xjq and step 2's picker show them.
 */
export async function seedCoupons(tx: Tx, now: Date) {
  const today = beijingToday(now);
  const [category] = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.menu, 'normal'), isNull(categories.parentId)))
    .orderBy(asc(categories.sort), asc(categories.id))
    .limit(1);
  const centre = { status: 'active', inCentre: true, perStoreLimit: 1 } as const;
  const rows = await tx
    .insert(coupons)
    .values([
      {
        ...centre,
        name: '全场满300减20',
        kind: 'amount_off',
        thresholdFen: 30000,
        amountFen: 2000,
        validDays: 15,
        totalQuota: 500,
        claimed: 126,
      },
      {
        ...centre,
        name: '限量抢 满1000减100',
        kind: 'amount_off',
        thresholdFen: 100000,
        amountFen: 10000,
        validDays: 7,
        totalQuota: 50,
        claimed: 48,
      },
      {
        ...centre,
        name: category ? `${category.name}满500减40` : '分类券 满500减40',
        kind: 'amount_off',
        thresholdFen: 50000,
        amountFen: 4000,
        coverage: category ? { categoryIds: [category.id] } : { all: true },
        validDays: 30,
        totalQuota: 300,
        claimed: 37,
      },
      {
        ...centre,
        name: '全场95折（特价商品不参与）',
        kind: 'discount',
        thresholdFen: 20000,
        ratePercent: 95,
        maxDiscountFen: 5000,
        excludeSpecial: true,
        validDays: 10,
        totalQuota: 400,
        claimed: 88,
      },
      {
        ...centre,
        name: '无门槛现金券 ¥5',
        kind: 'cash',
        thresholdFen: 0,
        amountFen: 500,
        validDays: 7,
        totalQuota: 1000,
        claimed: 310,
        perStoreLimit: 2,
      },
      {
        ...centre,
        name: '周末专享 满800减60',
        kind: 'amount_off',
        thresholdFen: 80000,
        amountFen: 6000,
        validDays: 7,
        totalQuota: 200,
        claimFrom: addDays(today, 3),
        claimTo: addDays(today, 10),
      },
      {
        status: 'active',
        newBuyer: true,
        name: '新人专享 满200减30',
        kind: 'amount_off',
        thresholdFen: 20000,
        amountFen: 3000,
        validDays: 30,
      },
      {
        status: 'active',
        newBuyer: true,
        name: '新人现金券 ¥10',
        kind: 'cash',
        thresholdFen: 5000,
        amountFen: 1000,
        validDays: 30,
      },
      {
        status: 'draft',
        inCentre: true,
        name: '双十二预热 满2000减200',
        kind: 'amount_off',
        thresholdFen: 200000,
        amountFen: 20000,
        validFrom: addDays(today, 10),
        validTo: addDays(today, 20),
        totalQuota: 100,
      },
    ])
    .returning();
  const [demo] = await tx.select().from(users).where(eq(users.phone, '13800000001'));
  if (!demo) return;
  // The demo store has claimed the all-goods and the 特价-excluding coupons, and holds the pack.
  for (const coupon of rows.filter((c) => [0, 3, 6, 7].includes(rows.indexOf(c))))
    await grantCoupon(tx, { userId: demo.id, coupon, source: coupon.newBuyer ? 'new_buyer' : 'centre' }, now);
}
