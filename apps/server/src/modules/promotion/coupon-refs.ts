import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { coupons } from '../../db/schema/promotion';

// What the console's other prize and reward editors (积分商城, 抽奖) ask of coupons: whether one
// exists, and the recent ones to pick from.

/** Whether a coupon exists. */
export async function couponExists(db: DbOrTx, couponId: number): Promise<boolean> {
  const [c] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, couponId));
  return c !== undefined;
}

/** The newest coupons' ids and names, for a picker. */
export function recentCoupons(db: DbOrTx, limit: number) {
  return db
    .select({ id: coupons.id, name: coupons.name })
    .from(coupons)
    .orderBy(desc(coupons.id))
    .limit(limit);
}
