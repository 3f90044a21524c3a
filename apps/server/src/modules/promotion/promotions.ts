import {
  type AdminPromotionView,
  argumentsFromWire,
  argumentsToWire,
  coverageViewOf,
  type PromotionBody,
  type PromotionKindView,
  promotionKindLabels,
  promotionRules,
  ruleOf,
  toCoverage,
} from '@yaocai/domain';
import { desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { promotions } from '../../db/schema/promotion';
import type { OperatorCtx } from '../../lib/context';
import { fieldError, notFound, refusal, validationError } from '../../lib/errors';
import { audit } from '../audit/service';
import { assertCoverageExists, nextStatus, phaseOf, phaseView } from './admin-common';
import { invalidateCartPromotions } from './loaders';

// Promotions stored in the one shape (the `promotions` table): every kind whose rule is plain
// data (packages/domain promotion/rules, `plainData`) is listed, created, edited and paused here,
// its arguments checked by the rule's own zod schemas and shown to the console from the rule's
// editor description. No kind is named in this file.

type Row = typeof promotions.$inferSelect;

const plainRule = (kind: string) => {
  const rule = ruleOf(kind);
  return rule?.plainData ? rule : undefined;
};

/** The kinds an operator may create, each with the fields its editor renders. */
export const promotionKinds = (): PromotionKindView[] =>
  promotionRules
    .filter((rule) => rule.plainData)
    .map((rule) => ({
      kind: rule.kind,
      label: rule.label,
      stacking: rule.stacking,
      stacking_label: promotionKindLabels[rule.stacking],
      fields: rule.editor.map((f) => ({ ...f })),
    }));

function viewOf(row: Row, now: Date): AdminPromotionView {
  const rule = ruleOf(row.kind);
  return {
    id: row.id,
    kind: row.kind,
    kind_label: rule?.label ?? row.kind,
    name: row.name,
    starts_at: Math.floor(row.startsAt.getTime() / 1000),
    ends_at: Math.floor(row.endsAt.getTime() / 1000),
    status: row.status,
    ...phaseView(phaseOf(row.status, row.startsAt, row.endsAt, now)),
    coverage: coverageViewOf(row.coverage),
    condition: rule ? argumentsToWire(rule, 'condition', row.condition) : row.condition,
    action: rule ? argumentsToWire(rule, 'action', row.action) : row.action,
  };
}

/** 422 with the rule's messages on the wire's field names (action.ratePercent...). */
function parsed<T>(schema: z.ZodType<T>, value: unknown, where: 'condition' | 'action'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = [where, ...issue.path.map(String)].join('.');
    const message = /[\u4e00-\u9fff]/.test(issue.message) ? issue.message : '格式不正确';
    errors[field] = [...(errors[field] ?? []), message];
  }
  throw validationError(errors);
}

export async function listPromotions(ctx: OperatorCtx): Promise<AdminPromotionView[]> {
  const kinds = promotionRules.filter((rule) => rule.plainData).map((rule) => rule.kind);
  const rows = await ctx.db
    .select()
    .from(promotions)
    .where(inArray(promotions.kind, kinds))
    .orderBy(desc(promotions.id))
    .limit(200);
  return rows.map((row) => viewOf(row, ctx.now));
}

export async function savePromotion(ctx: OperatorCtx, id: number | null, body: PromotionBody) {
  const rule = plainRule(body.kind);
  if (!rule) throw fieldError('kind', '促销类型不正确');
  const condition = parsed(rule.condition, argumentsFromWire(rule, 'condition', body.condition), 'condition');
  const action = parsed(rule.action, argumentsFromWire(rule, 'action', body.action), 'action');
  await assertCoverageExists(ctx.db, body.coverage);
  const values = {
    kind: rule.kind,
    name: body.name,
    coverage: toCoverage(body.coverage),
    condition: condition as Record<string, unknown>,
    action: action as Record<string, unknown>,
    startsAt: body.starts_at,
    endsAt: body.ends_at,
  };
  return ctx.db
    .transaction(async (tx) => {
      let before: AdminPromotionView | null = null;
      let row: Row;
      if (id === null) [row] = await tx.insert(promotions).values(values).returning();
      else {
        const [old] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
        if (!old || !plainRule(old.kind)) throw notFound('活动不存在');
        if (old.status === 'ended') throw refusal('活动已结束，不能修改');
        if (old.kind !== rule.kind) throw fieldError('kind', '不能修改促销类型');
        before = viewOf(old, ctx.now);
        [row] = await tx.update(promotions).set(values).where(eq(promotions.id, id)).returning();
      }
      const after = viewOf(row, ctx.now);
      await audit(tx, ctx, {
        action: id === null ? 'promotion.create' : 'promotion.update',
        target: { type: row.kind, id: row.id },
        before,
        after,
      });
      return after;
    })
    .finally(() => invalidateCartPromotions());
}

/** Pause, resume or end (final); the cart stops or starts taking it at once. */
export async function setPromotionState(ctx: OperatorCtx, id: number, action: 'pause' | 'resume' | 'end') {
  return ctx.db
    .transaction(async (tx) => {
      const [old] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
      if (!old || !plainRule(old.kind)) throw notFound('活动不存在');
      const status = nextStatus(old.status, action);
      const [row] = await tx.update(promotions).set({ status }).where(eq(promotions.id, id)).returning();
      await audit(tx, ctx, {
        action: 'promotion.status',
        target: { type: row.kind, id },
        before: { status: old.status },
        after: { status, action },
      });
      return viewOf(row, ctx.now);
    })
    .finally(() => invalidateCartPromotions());
}
