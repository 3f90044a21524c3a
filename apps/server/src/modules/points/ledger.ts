import type { DbOrTx } from '../../db/client';
import { pointsLog } from '../../db/schema/points';
import { refusal } from '../../lib/errors';
import { changePointsBalance } from '../account/points-balance';

/**
 * The points ledger: every change of a store's balance goes through here, one guarded statement
 * and its log row. Orders (spend and give back), the mall, lotteries and the yearly expiry call
 * it; it calls none of them.
 */

/** Adds (or with a negative change, spends) points; never below zero; logged with the balance. */
export async function movePoints(
  tx: DbOrTx,
  userId: number,
  change: number,
  reason: string,
  orderId?: number,
) {
  const balanceAfter = await changePointsBalance(tx, userId, change);
  if (balanceAfter === null) throw refusal('积分不足');
  await tx.insert(pointsLog).values({ userId, change, balanceAfter, reason, orderId });
}
