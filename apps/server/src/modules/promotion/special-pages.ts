import {
  addDays,
  beijingStartOf,
  beijingToday,
  type CashBackData,
  type EverydayPriceData,
  fromYuan,
  mulFloor,
  toYuan,
  type WelfareData,
} from '@yaocai/domain';
import { desc, eq } from 'drizzle-orm';
import { cashBackActivities, cashBackCredits } from '../../db/schema/promotion';
import type { OperatorCtx, ViewerCtx } from '../../lib/context';
import { eligibilityOf } from '../../lib/eligibility';
import { notFound } from '../../lib/errors';
import { standingByPhone } from '../account/standing';
import { coveredGoodsIds } from '../catalog/coverage';
import { summariesOf } from '../catalog/service';
import { cashBackActivitiesAt } from './cash-back';
import { liveDailySpecials } from './daily-specials';
import { runningWelfare } from './welfare';

// The shop's activity pages (/mrtj, /welfare, /hb): each lists its goods through the catalogue's
// summaries, so a price is hidden exactly when the eligibility rule hides the goods' price, and
// carries the server's clock for its countdown.

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const userIdOf = (ctx: ViewerCtx) => (ctx.actor.kind === 'buyer' ? ctx.actor.userId : 0);

/** GET /api/activity/everyday_price */
export async function everydayPrice(ctx: ViewerCtx): Promise<EverydayPriceData> {
  const userId = userIdOf(ctx);
  const specials = await liveDailySpecials(ctx.db, userId, ctx.now);
  const summaries = await summariesOf(
    ctx,
    specials.map((s) => s.goodsId),
  );
  const list = specials.flatMap((s) => {
    const g = summaries.get(s.goodsId);
    if (!g) return [];
    return [
      {
        ...g,
        special_id: s.specialId,
        special_price: g.base_price === null ? null : toYuan(s.priceFen),
        daily_limit: s.dailyLimit,
        remaining_limit: userId > 0 ? s.remaining : null,
        special_stock: s.stockLeft,
      },
    ];
  });
  return {
    list,
    end_time: seconds(beijingStartOf(addDays(beijingToday(ctx.now), 1))),
    timestamp: seconds(ctx.now),
  };
}

/** A page of goods of a coverage, priced for the viewer. */
async function coveredPage(ctx: ViewerCtx, ids: number[], page: number, pageSize: number) {
  const slice = ids.slice((page - 1) * pageSize, page * pageSize);
  const byId = await summariesOf(ctx, slice);
  const list = slice.flatMap((id) => {
    const g = byId.get(id);
    return g ? [g] : [];
  });
  return { list, total: ids.length, page, page_size: pageSize };
}

const head = (a: { id: number; name: string; startsAt: Date; endsAt: Date }) => ({
  id: a.id,
  name: a.name,
  start_time: seconds(a.startsAt),
  end_time: seconds(a.endsAt),
});

/** GET /api/activity/welfare: the running welfare activity (the oldest if several) and its goods. */
export async function welfarePage(
  ctx: ViewerCtx,
  q: { page: number; page_size: number },
): Promise<WelfareData> {
  const [activity] = await runningWelfare(ctx.db, ctx.now);
  const timestamp = seconds(ctx.now);
  if (!activity)
    return { activity: null, goods: { list: [], total: 0, page: q.page, page_size: q.page_size }, timestamp };
  const ids = await coveredGoodsIds(ctx.db, activity.coverage);
  const goods = await coveredPage(ctx, ids, q.page, q.page_size);
  return {
    activity: { ...head(activity), rate_percent: activity.ratePercent },
    goods: {
      ...goods,
      list: goods.list.map((g) => ({
        ...g,
        welfare_price:
          g.base_price === null ? null : toYuan(mulFloor(fromYuan(g.base_price), activity.ratePercent, 100)),
      })),
    },
    timestamp,
  };
}

/** 满300返20, 每满100返3: the tiers as the shop says them. */
export function cashBackRuleText(
  tiers: { thresholdFen: number; amountFen: number }[],
  repeat: boolean,
): string {
  const each = tiers.map((t) => `${repeat ? '每' : ''}满${toYuan(t.thresholdFen)}返${toYuan(t.amountFen)}`);
  return `${each.join('，')}（元）`;
}

/** GET /api/activity/cash_back: the running 满返 activity, this store's cash-back, the goods. */
export async function cashBackPage(
  ctx: ViewerCtx,
  q: { page: number; page_size: number },
): Promise<CashBackData> {
  const running = (await cashBackActivitiesAt(ctx.db, ctx.now)).filter((a) => a.status === 'active');
  const activity = running[0];
  const userId = userIdOf(ctx);
  const earnedRows =
    userId > 0
      ? await ctx.db
          .select({ c: cashBackCredits, name: cashBackActivities.name })
          .from(cashBackCredits)
          .innerJoin(cashBackActivities, eq(cashBackActivities.id, cashBackCredits.activityId))
          .where(eq(cashBackCredits.userId, userId))
          .orderBy(desc(cashBackCredits.id))
          .limit(50)
      : [];
  const earned = earnedRows.map(({ c, name }) => ({
    order_id: c.orderId,
    order_no: c.orderNo,
    activity_name: name,
    base: toYuan(c.baseFen),
    credit: toYuan(c.creditFen),
    reversed: toYuan(c.reversedFen),
    created_at: seconds(c.createdAt),
  }));
  const total_earned = toYuan(earnedRows.reduce((s, { c }) => s + c.creditFen - c.reversedFen, 0));
  const timestamp = seconds(ctx.now);
  if (!activity)
    return {
      activity: null,
      earned,
      total_earned,
      goods: { list: [], total: 0, page: q.page, page_size: q.page_size },
      timestamp,
    };
  const ids = await coveredGoodsIds(ctx.db, activity.coverage);
  return {
    activity: {
      ...head(activity),
      tiers: activity.tiers.map((t) => ({ threshold: toYuan(t.thresholdFen), amount: toYuan(t.amountFen) })),
      repeat: activity.repeat,
      rule_text: cashBackRuleText(activity.tiers, activity.repeat),
    },
    earned,
    total_earned,
    goods: await coveredPage(ctx, ids, q.page, q.page_size),
    timestamp,
  };
}

/** The operator's preview: the three pages computed as that store (its eligibility, its limits). */
export async function previewAsStore(ctx: OperatorCtx, phone: string) {
  const standing = await standingByPhone(ctx.db, phone);
  if (!standing) throw notFound('门店不存在');
  const asStore: ViewerCtx = {
    db: ctx.db,
    now: ctx.now,
    actor: { kind: 'buyer', userId: standing.userId, companyId: standing.companyId, standing },
  };
  const first = { page: 1, page_size: 20 };
  const [everyday_price, welfare, cash_back] = await Promise.all([
    everydayPrice(asStore),
    welfarePage(asStore, first),
    cashBackPage(asStore, first),
  ]);
  return {
    store: { user_id: standing.userId, may_see_price: eligibilityOf(asStore).price === null },
    everyday_price,
    welfare,
    cash_back,
  };
}
