import {
  type AdminCashBackView,
  type AdminWelfareView,
  type CashBackBody,
  coverageViewOf,
  fromYuan,
  toCoverage,
  toYuan,
  type WelfareBody,
} from '@yaocai/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  cashBackActivities,
  cashBackCredits,
  welfareActivities,
  welfareTakes,
} from '../../db/schema/promotion';
import type { OperatorCtx } from '../../lib/context';
import { notFound, refusal } from '../../lib/errors';
import { audit } from '../audit/service';
import { goodsLineSales } from '../order/service';
import { assertCoverageExists, daysToInstants, instantsToDays, phaseOf, phaseView } from './admin-common';
import { invalidateWelfareDefinitions } from './welfare';

// The console's 福利 (welfare) and 满返 (cash-back) activities: list with their uses, sales and
// credits, create and edit (audited in the write's transaction).

type WelfareRow = typeof welfareActivities.$inferSelect;
type CashBackRow = typeof cashBackActivities.$inferSelect;

const head = (r: WelfareRow | CashBackRow, now: Date) => ({
  id: r.id,
  name: r.name,
  ...instantsToDays(r.startsAt, r.endsAt),
  status: r.status,
  ...phaseView(phaseOf(r.status, r.startsAt, r.endsAt, now)),
  coverage: coverageViewOf(r.coverage),
});

async function welfareViews(db: DbOrTx, rows: WelfareRow[], now: Date): Promise<AdminWelfareView[]> {
  const ids = rows.map((r) => r.id);
  const takes = ids.length
    ? await db
        .select()
        .from(welfareTakes)
        .where(and(inArray(welfareTakes.activityId, ids), eq(welfareTakes.released, false)))
    : [];
  return Promise.all(
    rows.map(async (r) => {
      const mine = takes.filter((t) => t.activityId === r.id);
      const sold = await goodsLineSales(db, mine);
      return {
        ...head(r, now),
        rate_percent: r.ratePercent,
        sales: {
          units: mine.reduce((s, t) => s + t.units, 0),
          orders: sold.orders,
          amount: toYuan(sold.amountFen),
        },
      };
    }),
  );
}

async function cashBackViews(db: DbOrTx, rows: CashBackRow[], now: Date): Promise<AdminCashBackView[]> {
  const ids = rows.map((r) => r.id);
  const credits = ids.length
    ? await db
        .select({
          activityId: cashBackCredits.activityId,
          orders: sql<number>`count(*)::int`,
          credited: sql<number>`coalesce(sum(${cashBackCredits.creditFen}), 0)::int`,
          reversed: sql<number>`coalesce(sum(${cashBackCredits.reversedFen}), 0)::int`,
        })
        .from(cashBackCredits)
        .where(inArray(cashBackCredits.activityId, ids))
        .groupBy(cashBackCredits.activityId)
    : [];
  return rows.map((r) => {
    const c = credits.find((x) => x.activityId === r.id);
    return {
      ...head(r, now),
      repeat: r.repeat,
      tiers: r.tiers.map((t) => ({ threshold: toYuan(t.thresholdFen), amount: toYuan(t.amountFen) })),
      credits: {
        orders: c?.orders ?? 0,
        credited: toYuan(c?.credited ?? 0),
        reversed: toYuan(c?.reversed ?? 0),
      },
    };
  });
}

export async function listWelfare(ctx: OperatorCtx) {
  const rows = await ctx.db.select().from(welfareActivities).orderBy(desc(welfareActivities.id)).limit(200);
  return welfareViews(ctx.db, rows, ctx.now);
}

export async function listCashBack(ctx: OperatorCtx) {
  const rows = await ctx.db.select().from(cashBackActivities).orderBy(desc(cashBackActivities.id)).limit(200);
  return cashBackViews(ctx.db, rows, ctx.now);
}

export async function saveWelfare(ctx: OperatorCtx, id: number | null, body: WelfareBody) {
  await assertCoverageExists(ctx.db, body.coverage);
  const values = {
    name: body.name,
    ratePercent: body.rate_percent,
    coverage: toCoverage(body.coverage),
    ...daysToInstants(body.starts_on, body.ends_on),
  };
  return ctx.db
    .transaction(async (tx) => {
      let before: AdminWelfareView | null = null;
      let row: WelfareRow;
      if (id === null) [row] = await tx.insert(welfareActivities).values(values).returning();
      else {
        const [old] = await tx
          .select()
          .from(welfareActivities)
          .where(eq(welfareActivities.id, id))
          .for('update');
        if (!old) throw notFound('活动不存在');
        if (old.status === 'ended') throw refusal('活动已结束，不能修改');
        [before] = await welfareViews(tx, [old], ctx.now);
        [row] = await tx
          .update(welfareActivities)
          .set(values)
          .where(eq(welfareActivities.id, id))
          .returning();
      }
      const [after] = await welfareViews(tx, [row], ctx.now);
      await audit(tx, ctx, {
        action: id === null ? 'welfare.create' : 'welfare.update',
        target: { type: 'welfare', id: row.id },
        before,
        after,
      });
      return after;
    })
    .finally(() => invalidateWelfareDefinitions());
}

export async function saveCashBack(ctx: OperatorCtx, id: number | null, body: CashBackBody) {
  await assertCoverageExists(ctx.db, body.coverage);
  const values = {
    name: body.name,
    repeat: body.repeat,
    tiers: body.tiers.map((t) => ({ thresholdFen: fromYuan(t.threshold), amountFen: fromYuan(t.amount) })),
    coverage: toCoverage(body.coverage),
    ...daysToInstants(body.starts_on, body.ends_on),
  };
  return ctx.db.transaction(async (tx) => {
    let before: AdminCashBackView | null = null;
    let row: CashBackRow;
    if (id === null) [row] = await tx.insert(cashBackActivities).values(values).returning();
    else {
      const [old] = await tx
        .select()
        .from(cashBackActivities)
        .where(eq(cashBackActivities.id, id))
        .for('update');
      if (!old) throw notFound('活动不存在');
      if (old.status === 'ended') throw refusal('活动已结束，不能修改');
      [before] = await cashBackViews(tx, [old], ctx.now);
      [row] = await tx
        .update(cashBackActivities)
        .set(values)
        .where(eq(cashBackActivities.id, id))
        .returning();
    }
    const [after] = await cashBackViews(tx, [row], ctx.now);
    await audit(tx, ctx, {
      action: id === null ? 'cash_back.create' : 'cash_back.update',
      target: { type: 'cash_back', id: row.id },
      before,
      after,
    });
    return after;
  });
}
