import { type Coverage, type CoverageFacts, covers, type LineSpecialInput } from '@yaocai/domain';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { welfareActivities, welfareTakes } from '../../db/schema/promotion';
import { sharedCache } from '../../lib/cache-bus';
import { coverageFactsOf, coveredGoodsIds, descendantsExpander } from '../catalog/coverage';
import { categoryParentLinks } from '../catalog/promotion-facts';
import type { SpecialSource } from './special-source';

// 福利 (全场94折): a running welfare activity discounts every goods its coverage covers (goods,
// categories, brands as data, decided by packages/domain covers()). No limits to take, but the
// order records its units so the console can show each activity's uses and sales.

export const WELFARE_CODE = 'welfare';

export interface LiveWelfare {
  id: number;
  name: string;
  ratePercent: number;
  coverage: Coverage;
  startsAt: Date;
  endsAt: Date;
}

/** What a welfare activity is read as (LiveWelfare). */
const welfareColumns = {
  id: welfareActivities.id,
  name: welfareActivities.name,
  ratePercent: welfareActivities.ratePercent,
  coverage: welfareActivities.coverage,
  startsAt: welfareActivities.startsAt,
  endsAt: welfareActivities.endsAt,
};

/** Welfare activities running at `now` (status active, inside their dates), oldest first. */
export function runningWelfare(db: DbOrTx, now: Date): Promise<LiveWelfare[]> {
  return db
    .select(welfareColumns)
    .from(welfareActivities)
    .where(
      and(
        eq(welfareActivities.status, 'active'),
        lte(welfareActivities.startsAt, now),
        gt(welfareActivities.endsAt, now),
      ),
    )
    .orderBy(welfareActivities.id);
}

/**
 * The welfare activities that are or may become live (status active), held in process for a few
 * seconds for the catalogue's badges: a list page asks which of its goods a welfare covers on
 * every request, and the definitions change only when an operator saves or pauses one
 * (saveWelfare and changeStatus forget the copy at once, in every process: lib/cache-bus.ts).
 * Whether one runs is judged against the request's clock (liveWelfareOf). The cart and the
 * order's pricing use the copy too; a transaction (its own handle) reads them fresh. Their
 * coverage's categories come expanded to every sub-category (as the full-reduction activities'
 * do), so a goods is matched on its own categories.
 */
const definitions = sharedCache<LiveWelfare[]>('welfare-definitions', 5_000);

export const invalidateWelfareDefinitions = definitions.forget;

export function welfareDefinitions(db: DbOrTx): Promise<LiveWelfare[]> {
  return definitions.get(db, () => readDefinitions(db));
}

function readDefinitions(db: DbOrTx): Promise<LiveWelfare[]> {
  return Promise.all([
    db
      .select(welfareColumns)
      .from(welfareActivities)
      .where(eq(welfareActivities.status, 'active'))
      .orderBy(welfareActivities.id),
    categoryParentLinks(db),
  ]).then(([rows, tree]) => {
    const expand = descendantsExpander(tree);
    return rows.map((a) => ({
      ...a,
      coverage: { ...a.coverage, categoryIds: expand(a.coverage.categoryIds) },
    }));
  });
}

/** Of these definitions, the ones running at `now` (as runningWelfare selects them). */
export function liveWelfareOf(definitions: readonly LiveWelfare[], now: Date): LiveWelfare[] {
  return definitions.filter((a) => a.startsAt <= now && a.endsAt > now);
}

/** The best welfare among the running ones that covers these facts (the lowest rate, then the oldest). */
export function bestWelfare(running: readonly LiveWelfare[], facts: CoverageFacts): LiveWelfare | undefined {
  let best: LiveWelfare | undefined;
  for (const a of running)
    if (covers(a.coverage, facts) && (!best || a.ratePercent < best.ratePercent)) best = a;
  return best;
}

export const welfareSource: SpecialSource = {
  code: WELFARE_CODE,
  async liveGoodsIds(db, now) {
    const lists = await Promise.all(
      (await runningWelfare(db, now)).map((a) => coveredGoodsIds(db, a.coverage)),
    );
    return [...new Set(lists.flat())];
  },
  async load(db, _userId, goodsIds, now, known) {
    const out = new Map<number, LineSpecialInput>();
    const running = liveWelfareOf(await welfareDefinitions(db), now);
    if (running.length === 0) return out;
    // The caller's facts where it has them (the cart's rows carry them), read for the rest.
    const read = await coverageFactsOf(
      db,
      goodsIds.filter((id) => !known?.has(id)),
    );
    for (const goodsId of goodsIds) {
      const f = known?.get(goodsId) ?? read.get(goodsId);
      if (!f) continue;
      for (const a of running) {
        if (!covers(a.coverage, f)) continue;
        const held = out.get(goodsId);
        if (held?.kind === 'welfare' && held.ratePercent <= a.ratePercent) continue;
        out.set(goodsId, {
          kind: 'welfare',
          code: WELFARE_CODE,
          promotionId: a.id,
          label: a.name,
          ratePercent: a.ratePercent,
        });
      }
    }
    return out;
  },
  async reserve(tx, takes) {
    await tx.insert(welfareTakes).values(
      takes.map((t) => ({
        activityId: t.promotionId,
        orderId: t.orderId,
        userId: t.userId,
        goodsId: t.goodsId,
        units: t.units,
      })),
    );
  },
  async release(tx, orderId) {
    await tx
      .update(welfareTakes)
      .set({ released: true })
      .where(and(eq(welfareTakes.orderId, orderId), eq(welfareTakes.released, false)));
  },
};
