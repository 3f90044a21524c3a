import {
  type ActivityPhase,
  type AdminManjianView,
  activityPhase,
  activityPhaseLabels,
  type Coverage,
  coverageViewOf,
  type FullReductionAction,
  fullReductionRule,
  type ManjianBody,
  type PricedLine,
  toYuan,
  zones,
} from '@yaocai/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderPromotions, promotions } from '../../db/schema/promotion';
import type { OperatorCtx } from '../../lib/context';
import { fieldError, notFound, refusal } from '../../lib/errors';
import { audit } from '../audit/service';
import { existingRefCount, refNamesOf } from '../catalog/promotion-facts';
import { isPaidOrder } from '../order/paid-orders';
import { invalidateCartPromotions } from './loaders';

/**
 * Full-reduction activities (满减) in the console, and the record of what each order took from
 * each promotion (order_promotions), which the console's uses and sales read. The activities are
 * rows of the one promotions table (kind full_reduction, action { tiers }); their console form
 * (/admin/manjian) keeps its own checks (tiers increasing, reduction below the amount) until the
 * console edits every kind from its rule's editor description (README).
 */

/** An order_promotions row as written with the order (order_create, order/inserts.ts). */
export type NewOrderPromotion = Omit<typeof orderPromotions.$inferInsert, 'orderId'>;

/** What an order takes from each promotion: its selected lines' shares summed per promotion. */
export function orderPromotionRows(lines: readonly PricedLine[]): NewOrderPromotion[] {
  const rows = new Map<string, NewOrderPromotion>();
  for (const line of lines) {
    if (!line.selected) continue;
    for (const p of line.promotions) {
      const key = `${p.code}:${p.promotionId}`;
      const row = rows.get(key) ?? {
        kind: p.kind,
        code: p.code,
        promotionId: p.promotionId,
        label: p.label,
        amountFen: 0,
        goodsFen: 0,
      };
      row.amountFen += p.amountFen;
      row.goodsFen += line.amountFen;
      rows.set(key, row);
    }
  }
  return [...rows.values()];
}

type ActivityRow = typeof promotions.$inferSelect;
const KIND = fullReductionRule.kind;
const ofKind = (id: number) => and(eq(promotions.id, id), eq(promotions.kind, KIND));
const tiersOf = (a: ActivityRow) => (a.action as FullReductionAction).tiers;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function phaseOf(a: ActivityRow, now: Date): ActivityPhase | 'paused' {
  if (a.status === 'ended') return 'ended';
  const phase = activityPhase(seconds(a.startsAt), seconds(a.endsAt), seconds(now));
  return phase !== 'ended' && a.status !== 'active' ? 'paused' : phase;
}

/** 「分类：感冒用药；品牌：三九」: the coverage as the operator reads it. */
async function coverageText(db: DbOrTx, c: Coverage | null): Promise<string> {
  if (c === null || c.all)
    return c?.excludeGoodsIds?.length ? `全部商品（排除${c.excludeGoodsIds.length}个）` : '全部商品';
  const [cats, brandRows] = await Promise.all([
    refNamesOf(db, 'categories', c.categoryIds ?? []),
    refNamesOf(db, 'brands', c.brandIds ?? []),
  ]);
  const parts: string[] = [];
  if (c.goodsIds?.length) parts.push(`${c.goodsIds.length}个商品`);
  if (cats.length) parts.push(`分类：${cats.join('、')}`);
  if (brandRows.length) parts.push(`品牌：${brandRows.join('、')}`);
  if (c.zones?.length)
    parts.push(`专区：${c.zones.map((z) => zones[z as keyof typeof zones] ?? z).join('、')}`);
  if (c.excludeGoodsIds?.length) parts.push(`排除${c.excludeGoodsIds.length}个商品`);
  return parts.join('；');
}

async function viewOf(db: DbOrTx, a: ActivityRow, now: Date): Promise<AdminManjianView> {
  const [[use], text] = await Promise.all([
    db
      .select({
        orders: sql<number>`count(*)::int`,
        reduction: sql<number>`coalesce(sum(${orderPromotions.amountFen}), 0)::int`,
        sales: sql<number>`coalesce(sum(${orderPromotions.goodsFen}), 0)::int`,
      })
      .from(orderPromotions)
      .where(
        and(
          eq(orderPromotions.code, 'full_reduction'),
          eq(orderPromotions.promotionId, a.id),
          isPaidOrder(orderPromotions.orderId),
        ),
      ),
    coverageText(db, a.coverage),
  ]);
  const phase = phaseOf(a, now);
  return {
    id: a.id,
    name: a.name,
    tiers: tiersOf(a).map((t) => ({ amount: toYuan(t.amountFen), reduction: toYuan(t.reductionFen) })),
    starts_at: seconds(a.startsAt),
    ends_at: seconds(a.endsAt),
    is_active: a.status === 'active',
    phase,
    phase_label: activityPhaseLabels[phase],
    coverage: coverageViewOf(a.coverage),
    coverage_text: text,
    orders: use.orders,
    reduction: toYuan(use.reduction),
    sales: toYuan(use.sales),
  };
}

export async function listManjian(ctx: OperatorCtx): Promise<AdminManjianView[]> {
  const rows = await ctx.db
    .select()
    .from(promotions)
    .where(eq(promotions.kind, KIND))
    .orderBy(asc(promotions.id));
  return Promise.all(rows.map((a) => viewOf(ctx.db, a, ctx.now)));
}

/** The goods, categories and brands a coverage names must exist (422 on the field otherwise). */
async function assertCoverageRefs(tx: DbOrTx, c: Coverage) {
  const checks: [string, number[] | undefined, 'goods' | 'categories' | 'brands', string][] = [
    ['coverage.goods_ids', c.goodsIds, 'goods', '商品'],
    ['coverage.exclude_goods_ids', c.excludeGoodsIds, 'goods', '排除商品'],
    ['coverage.category_ids', c.categoryIds, 'categories', '分类'],
    ['coverage.brand_ids', c.brandIds, 'brands', '品牌'],
  ];
  for (const [field, ids, table, label] of checks) {
    if (!ids?.length) continue;
    if ((await existingRefCount(tx, table, ids)) !== ids.length)
      throw fieldError(field, `所选${label}不存在或已删除`);
  }
}

export async function saveManjian(ctx: OperatorCtx, id: number | null, body: ManjianBody) {
  const saved = await ctx.db.transaction(async (tx) => {
    await assertCoverageRefs(tx, body.coverage);
    const values = {
      kind: KIND,
      name: body.name,
      condition: {},
      action: { tiers: body.tiers } satisfies FullReductionAction,
      startsAt: body.starts_at,
      endsAt: body.ends_at,
      coverage: body.coverage,
    };
    let before: ActivityRow | null = null;
    let row: ActivityRow;
    if (id === null) {
      [row] = await tx.insert(promotions).values(values).returning();
    } else {
      [before] = await tx.select().from(promotions).where(ofKind(id)).for('update');
      if (!before) throw notFound('满减活动不存在');
      [row] = await tx.update(promotions).set(values).where(ofKind(id)).returning();
    }
    await audit(tx, ctx, {
      action: id === null ? 'manjian.create' : 'manjian.update',
      target: { type: 'manjian_activity', id: row.id },
      before,
      after: row,
    });
    return row;
  });
  invalidateCartPromotions();
  return viewOf(ctx.db, saved, ctx.now);
}

/** Pause, resume or end an activity. An ended activity stays ended. */
export async function setManjianState(ctx: OperatorCtx, id: number, action: 'pause' | 'resume' | 'end') {
  const saved = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(promotions).where(ofKind(id)).for('update');
    if (!before) throw notFound('满减活动不存在');
    if (phaseOf(before, ctx.now) === 'ended') throw refusal('活动已结束，不能再修改状态', 409);
    // Ending also ends its window now (when it has begun: the window stays a window).
    const set =
      action === 'end'
        ? { status: 'ended', endsAt: ctx.now > before.startsAt ? ctx.now : before.endsAt }
        : { status: action === 'resume' ? 'active' : 'paused' };
    const [row] = await tx.update(promotions).set(set).where(ofKind(id)).returning();
    await audit(tx, ctx, {
      action: 'manjian.state',
      target: { type: 'manjian_activity', id },
      before: { is_active: before.status === 'active', ends_at: before.endsAt },
      after: { action, is_active: row.status === 'active', ends_at: row.endsAt },
    });
    return row;
  });
  invalidateCartPromotions();
  return viewOf(ctx.db, saved, ctx.now);
}
