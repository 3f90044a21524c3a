import type { SpecialKind } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import { cashBackActivities, dailySpecials, welfareActivities } from '../../db/schema/promotion';
import type { OperatorCtx } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { audit } from '../audit/service';
import { nextStatus } from './admin-common';
import { forgetLiveSpecials } from './specials';
import { invalidateWelfareDefinitions } from './welfare';

/**
 * Pause, resume or end an activity of any kind, audited. Ending a welfare or cash-back
 * activity also ends its dates now, so orders paid before still earn their cash-back.
 */
export async function changeStatus(
  ctx: OperatorCtx,
  kind: SpecialKind,
  id: number,
  action: 'pause' | 'resume' | 'end',
) {
  return ctx.db
    .transaction(async (tx) => {
      const table =
        kind === 'daily_special'
          ? dailySpecials
          : kind === 'welfare'
            ? welfareActivities
            : cashBackActivities;
      const [row] = await tx
        .select({ status: table.status })
        .from(table)
        .where(eq(table.id, id))
        .for('update');
      if (!row) throw notFound('活动不存在');
      const status = nextStatus(row.status, action);
      if (kind === 'daily_special')
        await tx.update(dailySpecials).set({ status }).where(eq(dailySpecials.id, id));
      else {
        const t = kind === 'welfare' ? welfareActivities : cashBackActivities;
        const [cur] = await tx.select({ endsAt: t.endsAt, startsAt: t.startsAt }).from(t).where(eq(t.id, id));
        const endsAt =
          action === 'end' && cur.endsAt > ctx.now
            ? new Date(Math.max(ctx.now.getTime(), cur.startsAt.getTime()))
            : cur.endsAt;
        await tx.update(t).set({ status, endsAt }).where(eq(t.id, id));
      }
      await audit(tx, ctx, {
        action: 'promotion.status',
        target: { type: kind, id },
        before: { status: row.status },
        after: { status, action },
      });
      return { id, status };
    })
    .finally(() => {
      if (kind === 'welfare') invalidateWelfareDefinitions();
      forgetLiveSpecials();
    });
}
