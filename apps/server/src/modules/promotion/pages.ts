import {
  type ActivityCouponView,
  type ActivityPageBody,
  type ActivityPageStatus,
  type ActivityPageSummary,
  type ActivityPageTemplate,
  type ActivityPageView,
  type ActivitySection,
  type ActivitySectionView,
  type AdminActivityPageView,
  activityPagePhase,
  activityPagePhaseNames,
  activityPageStatusNames,
  addDays,
  beijingDateTimeText,
  beijingInstantOf,
  beijingStartOf,
  beijingToday,
  canMoveActivityPage,
  inactiveNotice,
  toYuan,
} from '@yaocai/domain';
import { and, desc, eq, gt, inArray, lte, ne } from 'drizzle-orm';
import { activityPages, coupons } from '../../db/schema/promotion';
import type { BuyerCtx, Ctx, OperatorCtx, ViewerCtx } from '../../lib/context';
import { conflict, notFound, validationError } from '../../lib/errors';
import { loadBuyerStanding } from '../account/standing';
import { audit } from '../audit/service';
import { goodsNames } from '../catalog/admin-goods';
import { summariesOf } from '../catalog/service';

// 专题/活动页 (activity pages): the operator builds a page from sections and publishes it; a
// buyer gets a published page with its goods priced and judged by the catalogue (summariesOf:
// the same prices and eligibility as every list), its coupons from the coupons table, and its
// countdowns in server seconds. Drafts are 404 to buyers; a page not running carries only the
// notice of spec 8 (packages/domain promotion/activity-page.ts).

type PageRow = typeof activityPages.$inferSelect;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const nowSeconds = (ctx: Ctx) => seconds(ctx.now);
const phaseOf = (ctx: Ctx, row: PageRow) =>
  activityPagePhase(
    {
      status: row.status as ActivityPageStatus,
      startsAt: seconds(row.startsAt),
      endsAt: seconds(row.endsAt),
    },
    nowSeconds(ctx),
  );

function toSummary(ctx: Ctx, row: PageRow): ActivityPageSummary {
  const banner = row.sections.find((s) => s.type === 'banner');
  return {
    id: row.id,
    title: row.title,
    template: row.template as ActivityPageTemplate,
    starts_at: seconds(row.startsAt),
    ends_at: seconds(row.endsAt),
    phase: phaseOf(ctx, row),
    cover: banner?.type === 'banner' ? banner.image : null,
  };
}

const couponView = (c: typeof coupons.$inferSelect): ActivityCouponView => ({
  id: c.id,
  name: c.name,
  kind: c.kind,
  threshold: toYuan(c.thresholdFen),
  amount: toYuan(c.amountFen),
  rate_percent: c.ratePercent,
  // Fixed validity ends with its last Beijing day; a claim-relative one has no end date here.
  expires_at: c.validTo ? seconds(beijingStartOf(addDays(c.validTo, 1))) - 1 : null,
});

/** The sections as the viewer gets them: goods through the catalogue, coupons still claimable by date. */
async function renderSections(ctx: ViewerCtx, row: PageRow): Promise<ActivitySectionView[]> {
  const goodsIds = row.sections.flatMap((s) => (s.type === 'goods' ? s.goods_ids : []));
  const couponIds = row.sections.flatMap((s) => (s.type === 'coupons' ? s.coupon_ids : []));
  const [goodsById, couponRows] = await Promise.all([
    summariesOf(ctx, goodsIds),
    couponIds.length ? ctx.db.select().from(coupons).where(inArray(coupons.id, couponIds)) : [],
  ]);
  const couponById = new Map(
    couponRows
      .filter((c) => c.status === 'active' && (!c.validTo || c.validTo >= beijingToday(ctx.now)))
      .map((c) => [c.id, couponView(c)]),
  );
  const pick = <T>(ids: number[], byId: Map<number, T>) =>
    ids.map((id) => byId.get(id)).filter((v): v is T => v !== undefined);
  return row.sections.map((s): ActivitySectionView => {
    switch (s.type) {
      case 'goods':
        return { type: 'goods', title: s.title, goods: pick(s.goods_ids, goodsById) };
      case 'coupons':
        return { type: 'coupons', title: s.title, coupons: pick(s.coupon_ids, couponById) };
      case 'countdown': {
        const until = s.until ? beijingInstantOf(s.until) : undefined;
        return { type: 'countdown', title: s.title, to: seconds(until ?? row.endsAt) };
      }
      case 'notice':
        return { type: 'notice', title: s.title, text: s.text };
      default:
        return { type: 'banner', image: s.image, link: s.link, alt: s.alt };
    }
  });
}

async function pageView(ctx: ViewerCtx, row: PageRow, always: boolean): Promise<ActivityPageView> {
  const summary = toSummary(ctx, row);
  const notice = inactiveNotice(summary.phase, { startsAt: summary.starts_at, noticeText: row.noticeText });
  const show = always || summary.phase === 'running';
  return {
    ...summary,
    notice: notice && { text: notice.text, countdown_to: notice.countdownTo },
    sections: show ? await renderSections(ctx, row) : [],
  };
}

/** GET /api/activity-pages/:id: a page buyers may know of (never a draft). */
export async function activityPage(ctx: ViewerCtx, id: number): Promise<ActivityPageView> {
  const [row] = await ctx.db
    .select()
    .from(activityPages)
    .where(and(eq(activityPages.id, id), ne(activityPages.status, 'draft')));
  if (!row) throw notFound('活动不存在');
  return pageView(ctx, row, false);
}

/**
 * GET /api/activity-pages: the pages named by ids, in their order (the /Hdzx tabs; drafts left
 * out), or the running pages of a template (/yjh), ending soonest first.
 */
export async function activityPageList(
  ctx: ViewerCtx,
  q: { template?: ActivityPageTemplate; ids?: number[] },
): Promise<ActivityPageSummary[]> {
  if (q.ids) {
    const rows = await ctx.db
      .select()
      .from(activityPages)
      .where(and(inArray(activityPages.id, q.ids), ne(activityPages.status, 'draft')));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return q.ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toSummary(ctx, row)] : [];
    });
  }
  const rows = await ctx.db
    .select()
    .from(activityPages)
    .where(
      and(
        eq(activityPages.status, 'published'),
        eq(activityPages.template, q.template ?? 'zqmb'),
        lte(activityPages.startsAt, ctx.now),
        gt(activityPages.endsAt, ctx.now),
      ),
    )
    .orderBy(activityPages.endsAt, activityPages.id)
    .limit(50);
  return rows.map((row) => toSummary(ctx, row));
}

// The console.

async function adminView(ctx: OperatorCtx, row: PageRow): Promise<AdminActivityPageView> {
  const goodsIds = row.sections.flatMap((s) => (s.type === 'goods' ? s.goods_ids : []));
  const couponIds = row.sections.flatMap((s) => (s.type === 'coupons' ? s.coupon_ids : []));
  const [names, couponRows] = await Promise.all([
    goodsNames(ctx, goodsIds),
    couponIds.length
      ? ctx.db
          .select({ id: coupons.id, name: coupons.name })
          .from(coupons)
          .where(inArray(coupons.id, couponIds))
      : [],
  ]);
  const phase = phaseOf(ctx, row);
  const status = row.status as ActivityPageStatus;
  return {
    id: row.id,
    title: row.title,
    template: row.template as ActivityPageTemplate,
    starts_at: beijingDateTimeText(seconds(row.startsAt)),
    ends_at: beijingDateTimeText(seconds(row.endsAt)),
    notice_text: row.noticeText,
    status,
    status_name: activityPageStatusNames[status],
    phase,
    phase_name: activityPagePhaseNames[phase],
    sections: row.sections,
    goods_names: Object.fromEntries([...names].map(([id, name]) => [String(id), name])),
    coupon_names: Object.fromEntries(couponRows.map((c) => [String(c.id), c.name])),
    updated_at: seconds(row.updatedAt),
  };
}

async function loadPage(ctx: Ctx, id: number): Promise<PageRow> {
  const [row] = await ctx.db.select().from(activityPages).where(eq(activityPages.id, id));
  if (!row) throw notFound('活动页不存在');
  return row;
}

export async function listAdminPages(ctx: OperatorCtx): Promise<AdminActivityPageView[]> {
  const rows = await ctx.db.select().from(activityPages).orderBy(desc(activityPages.id)).limit(200);
  return Promise.all(rows.map((row) => adminView(ctx, row)));
}

export async function getAdminPage(ctx: OperatorCtx, id: number) {
  return adminView(ctx, await loadPage(ctx, id));
}

/** Every goods and coupon a section names must exist: a 422 on the section's field otherwise. */
async function checkReferences(ctx: OperatorCtx, sections: ActivitySection[]) {
  const goodsIds = sections.flatMap((s) => (s.type === 'goods' ? s.goods_ids : []));
  const couponIds = sections.flatMap((s) => (s.type === 'coupons' ? s.coupon_ids : []));
  const [names, couponRows] = await Promise.all([
    goodsNames(ctx, goodsIds),
    couponIds.length
      ? ctx.db.select({ id: coupons.id }).from(coupons).where(inArray(coupons.id, couponIds))
      : [],
  ]);
  const knownCoupons = new Set(couponRows.map((c) => c.id));
  const errors: Record<string, string[]> = {};
  sections.forEach((s, i) => {
    const missing =
      s.type === 'goods'
        ? s.goods_ids.filter((id) => !names.has(id)).map((id) => `商品不存在：${id}`)
        : s.type === 'coupons'
          ? s.coupon_ids.filter((id) => !knownCoupons.has(id)).map((id) => `优惠券不存在：${id}`)
          : [];
    if (missing.length) errors[`sections.${i}.${s.type === 'goods' ? 'goods_ids' : 'coupon_ids'}`] = missing;
  });
  if (Object.keys(errors).length) throw validationError(errors);
}

const columns = (body: ActivityPageBody) => ({
  title: body.title,
  template: body.template,
  startsAt: beijingInstantOf(body.starts_at) as Date,
  endsAt: beijingInstantOf(body.ends_at) as Date,
  noticeText: body.notice_text,
  sections: body.sections,
});

/** Creates (a draft) or edits a page; the status moves only through movePage. */
export async function savePage(ctx: OperatorCtx, id: number | null, body: ActivityPageBody) {
  await checkReferences(ctx, body.sections);
  const row = await ctx.db.transaction(async (tx) => {
    if (id === null) {
      const [created] = await tx
        .insert(activityPages)
        .values({ ...columns(body), status: 'draft', createdAt: ctx.now, updatedAt: ctx.now })
        .returning();
      await audit(tx, ctx, {
        action: 'activity_page.create',
        target: { type: 'activity_page', id: created.id },
        after: body,
      });
      return created;
    }
    const [before] = await tx.select().from(activityPages).where(eq(activityPages.id, id)).for('update');
    if (!before) throw notFound('活动页不存在');
    const [updated] = await tx
      .update(activityPages)
      .set({ ...columns(body), updatedAt: ctx.now })
      .where(eq(activityPages.id, id))
      .returning();
    await audit(tx, ctx, {
      action: 'activity_page.update',
      target: { type: 'activity_page', id },
      before: {
        title: before.title,
        starts_at: before.startsAt,
        ends_at: before.endsAt,
        sections: before.sections,
      },
      after: body,
    });
    return updated;
  });
  return adminView(ctx, row);
}

/** Publish, pause (or resume), end: only the moves packages/domain allows, guarded against a race. */
export async function movePage(ctx: OperatorCtx, id: number, to: ActivityPageStatus) {
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(activityPages).where(eq(activityPages.id, id)).for('update');
    if (!before) throw notFound('活动页不存在');
    const from = before.status as ActivityPageStatus;
    if (!canMoveActivityPage(from, to))
      throw conflict(`${activityPageStatusNames[from]}的活动页不能改为${activityPageStatusNames[to]}`);
    const [moved] = await tx
      .update(activityPages)
      .set({ status: to, updatedAt: ctx.now })
      .where(and(eq(activityPages.id, id), eq(activityPages.status, from)))
      .returning();
    await audit(tx, ctx, {
      action: 'activity_page.status',
      target: { type: 'activity_page', id },
      before: { status: from },
      after: { status: to },
    });
    return moved;
  });
  return adminView(ctx, row);
}

/**
 * The page as a store would get it, whatever its status and phase: the sections rendered with
 * that store's standing (prices, eligibility), the notice it would see when not running. The
 * operator reads, never acts as the store: no session of the store is made.
 */
export async function previewPage(ctx: OperatorCtx, id: number, userId: number) {
  const row = await loadPage(ctx, id);
  const standing = await loadBuyerStanding(ctx.db, userId);
  if (!standing) throw notFound('门店不存在');
  const asBuyer: BuyerCtx = {
    db: ctx.db,
    now: ctx.now,
    actor: { kind: 'buyer', userId: standing.userId, companyId: standing.companyId, standing },
  };
  return pageView(asBuyer, row, true);
}
