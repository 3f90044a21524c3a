import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rawRows, statement } from '../../db/raw';
import { users } from '../../db/schema/account';

/**
 * Changes a store's points balance (users.points) by `change` unless it would go below zero;
 * the balance after, or null when refused. Only the points ledger (modules/points/ledger.ts)
 * calls it, with the log row in the same transaction.
 */
export async function changePointsBalance(
  tx: DbOrTx,
  userId: number,
  change: number,
): Promise<number | null> {
  const [row] = await tx
    .update(users)
    .set({ points: sql`${users.points} + ${change}` })
    .where(and(eq(users.id, userId), sql`${users.points} + ${change} >= 0`))
    .returning({ points: users.points });
  return row ? row.points : null;
}

const pointsBalanceStatement = statement(
  'account_points_balance',
  sql`select ${users.points} as "points" from ${users} where ${users.id} = ${sql.placeholder('userId')}`,
);

/**
 * A store's points balance, or undefined when there is no such user. A prepared statement
 * (db/raw.ts): checkout reads it on every verify and order creation.
 */
export async function pointsBalance(db: DbOrTx, userId: number): Promise<number | undefined> {
  const [row] = await rawRows<{ points: number }>(db, pointsBalanceStatement, [userId]);
  return row?.points;
}

/**
 * A store user's points balance and rank (what earning and spending points depend on), or
 * undefined without the user; `lock` holds the user's row for the caller's transaction.
 */
export async function pointsStanding(db: DbOrTx, userId: number, options: { lock?: boolean } = {}) {
  const query = db.select({ points: users.points, rank: users.rank }).from(users).where(eq(users.id, userId));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** The store users holding any points (the yearly expiry's round). */
export function pointsHolders(db: DbOrTx) {
  return db.select({ id: users.id }).from(users).where(gt(users.points, 0));
}
