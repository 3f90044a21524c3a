import { toYuan } from '@yaocai/domain';
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditBills, moneyLog, walletAccounts } from '../../db/schema/wallet';
import type { BuyerCtx, OperatorCtx } from '../../lib/context';
import { refusal } from '../../lib/errors';
import { audit } from '../audit/service';

export const USE_TYPE = {
  recharge: 1,
  orderPayment: 2,
  refund: 3,
  creditRepayment: 4,
  adjustment: 5,
  cashBack: 6,
  cashBackReversal: 7,
} as const;
export const useTypeLabels: Record<number, string> = {
  1: '充值',
  2: '订单支付',
  3: '退款',
  4: '账期还款',
  5: '调整',
  6: '满额返现',
  7: '返现扣回',
};

async function ensureWallet(db: DbOrTx, userId: number) {
  await db.insert(walletAccounts).values({ userId }).onConflictDoNothing();
}

/**
 * Moves the balance by `changeFen` with a conditional update (never below zero) and writes the
 * money log with the balance after, in the caller's transaction.
 */
export async function moveBalance(
  tx: DbOrTx,
  userId: number,
  changeFen: number,
  useType: number,
  note: string,
  ref: { orderId?: number; reference?: string } = {},
) {
  if (changeFen > 0) await ensureWallet(tx, userId);
  const [row] = await tx
    .update(walletAccounts)
    .set({ balanceFen: sql`${walletAccounts.balanceFen} + ${changeFen}`, updatedAt: sql`now()` })
    .where(and(eq(walletAccounts.userId, userId), sql`${walletAccounts.balanceFen} + ${changeFen} >= 0`))
    .returning({ balance: walletAccounts.balanceFen });
  if (!row) throw refusal('账户余额不足');
  await tx.insert(moneyLog).values({
    userId,
    useType,
    changeFen,
    balanceAfterFen: row.balance,
    note,
    orderId: ref.orderId,
    reference: ref.reference,
  });
  return row.balance;
}

/**
 * Uses credit for an order in the caller's transaction: refuses beyond the available credit,
 * writes a bill due a term after `now`.
 */
export async function useCredit(tx: DbOrTx, now: Date, userId: number, amountFen: number, orderId: number) {
  const [row] = await tx
    .update(walletAccounts)
    .set({ creditUsedFen: sql`${walletAccounts.creditUsedFen} + ${amountFen}`, updatedAt: now })
    .where(
      and(
        eq(walletAccounts.userId, userId),
        sql`${walletAccounts.creditLimitFen} - ${walletAccounts.creditUsedFen} >= ${amountFen}`,
      ),
    )
    .returning({ termDays: walletAccounts.creditTermDays });
  if (!row) throw refusal('账期可用额度不足');
  const dueAt = new Date(now.getTime() + row.termDays * 86400_000);
  await tx.insert(creditBills).values({ userId, orderId, amountFen, dueAt });
  return { dueAt };
}

/** Gives credit back (refund of a credit-paid order): lowers the bill and the used amount. */
export async function returnCredit(tx: DbOrTx, userId: number, orderId: number, amountFen: number) {
  await tx
    .update(walletAccounts)
    .set({ creditUsedFen: sql`greatest(0, ${walletAccounts.creditUsedFen} - ${amountFen})` })
    .where(eq(walletAccounts.userId, userId));
  await tx
    .update(creditBills)
    .set({
      amountFen: sql`greatest(${creditBills.repaidFen}, ${creditBills.amountFen} - ${amountFen})`,
      status: sql`case when ${creditBills.amountFen} - ${amountFen} <= ${creditBills.repaidFen} then 'paid' else ${creditBills.status} end`,
    })
    .where(and(eq(creditBills.userId, userId), eq(creditBills.orderId, orderId)));
}

/** A store's wallet, read in the caller's handle (a transaction when it pays from it). */
export async function walletRow(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      balanceFen: walletAccounts.balanceFen,
      creditLimitFen: walletAccounts.creditLimitFen,
      creditUsedFen: walletAccounts.creditUsedFen,
      creditTermDays: walletAccounts.creditTermDays,
    })
    .from(walletAccounts)
    .where(eq(walletAccounts.userId, userId));
  return row ?? { balanceFen: 0, creditLimitFen: 0, creditUsedFen: 0, creditTermDays: 30 };
}

/** The logged-in store's wallet. */
export const walletOf = (ctx: BuyerCtx) => walletRow(ctx.db, ctx.actor.userId);

export async function moneyLogPage(
  ctx: BuyerCtx,
  q: { page: number; use_type?: number; start_time?: string; end_time?: string },
) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  const where: SQL[] = [eq(moneyLog.userId, userId)];
  if (q.use_type) where.push(eq(moneyLog.useType, q.use_type));
  if (q.start_time) where.push(gte(moneyLog.createdAt, new Date(`${q.start_time}T00:00:00+08:00`)));
  if (q.end_time)
    where.push(
      lt(moneyLog.createdAt, new Date(new Date(`${q.end_time}T00:00:00+08:00`).getTime() + 86400_000)),
    );
  const pageSize = 20;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(moneyLog)
      .where(and(...where))
      .orderBy(desc(moneyLog.id))
      .limit(pageSize)
      .offset((q.page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(moneyLog)
      .where(and(...where)),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      use_type: r.useType,
      use_type_label: useTypeLabels[r.useType] ?? '其他',
      amount: toYuan(r.changeFen),
      balance: toYuan(r.balanceAfterFen),
      note: r.note,
      order_id: r.orderId,
      created_at: Math.floor(r.createdAt.getTime() / 1000),
    })),
    total: Number(total),
    page: q.page,
    page_size: pageSize,
  };
}

export async function creditSummary(ctx: BuyerCtx) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  const w = await walletOf(ctx);
  const [next] = await db
    .select({
      dueAt: creditBills.dueAt,
      amount: sql<number>`${creditBills.amountFen} - ${creditBills.repaidFen}`,
    })
    .from(creditBills)
    .where(and(eq(creditBills.userId, userId), eq(creditBills.status, 'unpaid')))
    .orderBy(creditBills.dueAt)
    .limit(1);
  return {
    credit_limit: toYuan(w.creditLimitFen),
    credit_used: toYuan(w.creditUsedFen),
    credit_available: toYuan(Math.max(0, w.creditLimitFen - w.creditUsedFen)),
    term_days: w.creditTermDays,
    next_due_at: next ? Math.floor(next.dueAt.getTime() / 1000) : null,
    next_due_amount: next ? toYuan(Number(next.amount)) : 0,
  };
}

/** type 1 unpaid, 2 paid, 3 overdue; default all. */
export async function creditBillPage(ctx: BuyerCtx, q: { page: number; type?: number }) {
  const { db, now } = ctx;
  const { userId } = ctx.actor;
  const where: SQL[] = [eq(creditBills.userId, userId)];
  if (q.type === 1) where.push(eq(creditBills.status, 'unpaid'));
  if (q.type === 2) where.push(eq(creditBills.status, 'paid'));
  if (q.type === 3) where.push(eq(creditBills.status, 'unpaid'), lt(creditBills.dueAt, now));
  const pageSize = 20;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(creditBills)
      .where(and(...where))
      .orderBy(desc(creditBills.id))
      .limit(pageSize)
      .offset((q.page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(creditBills)
      .where(and(...where)),
  ]);
  return {
    list: rows.map((b) => ({
      id: b.id,
      order_id: b.orderId,
      amount: toYuan(b.amountFen),
      repaid: toYuan(b.repaidFen),
      outstanding: toYuan(b.amountFen - b.repaidFen),
      status: b.status,
      overdue: b.status === 'unpaid' && b.dueAt < now,
      due_at: Math.floor(b.dueAt.getTime() / 1000),
      repaid_at: b.repaidAt ? Math.floor(b.repaidAt.getTime() / 1000) : null,
      created_at: Math.floor(b.createdAt.getTime() / 1000),
    })),
    total: Number(total),
    page: q.page,
    page_size: pageSize,
  };
}

/** Repays credit bills from the wallet balance, in one transaction (all or nothing). */
export async function repayBills(ctx: BuyerCtx, billIds: number[]) {
  const { userId } = ctx.actor;
  return ctx.db.transaction(async (tx) => {
    const bills = await tx
      .select()
      .from(creditBills)
      .where(and(eq(creditBills.userId, userId), inArray(creditBills.id, billIds)))
      .orderBy(creditBills.id)
      .for('update');
    if (bills.length !== new Set(billIds).size) throw refusal('账单不存在', 404);
    const open = bills.filter((b) => b.status === 'unpaid');
    if (!open.length) throw refusal('所选账单已还清');
    const amount = open.reduce((s, b) => s + b.amountFen - b.repaidFen, 0);
    await moveBalance(tx, userId, -amount, USE_TYPE.creditRepayment, `账期还款（${open.length}笔账单）`);
    await tx
      .update(creditBills)
      .set({ repaidFen: creditBills.amountFen, status: 'paid', repaidAt: ctx.now })
      .where(
        inArray(
          creditBills.id,
          open.map((b) => b.id),
        ),
      );
    await tx
      .update(walletAccounts)
      .set({ creditUsedFen: sql`greatest(0, ${walletAccounts.creditUsedFen} - ${amount})` })
      .where(eq(walletAccounts.userId, userId));
    return { repaid: toYuan(amount), bills: open.length };
  });
}

/** The operator sets a store's credit limit (and term); audited in the same transaction. */
export async function setCreditLimit(ctx: OperatorCtx, userId: number, limitFen: number, termDays?: number) {
  return ctx.db.transaction(async (tx) => {
    await ensureWallet(tx, userId);
    const [before] = await tx
      .select()
      .from(walletAccounts)
      .where(eq(walletAccounts.userId, userId))
      .for('update');
    const [row] = await tx
      .update(walletAccounts)
      .set({
        creditLimitFen: limitFen,
        ...(termDays ? { creditTermDays: termDays } : {}),
        updatedAt: ctx.now,
      })
      .where(eq(walletAccounts.userId, userId))
      .returning();
    await audit(tx, ctx, {
      action: 'credit.set_limit',
      target: { type: 'user', id: userId },
      before: { credit_limit: toYuan(before.creditLimitFen), term_days: before.creditTermDays },
      after: { credit_limit: toYuan(row.creditLimitFen), term_days: row.creditTermDays },
    });
    return row;
  });
}
