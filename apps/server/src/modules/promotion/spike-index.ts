import {
  activityPhase,
  type GoodsSummary,
  type SpikeIndexData,
  type SpikeSlotView,
  spikeProgress,
  toYuan,
} from '@yaocai/domain';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { spikeGoods, spikeSales, spikeSlots } from '../../db/schema/promotion';
import { sharedForget } from '../../lib/cache-bus';
import type { ViewerCtx } from '../../lib/context';
import { summariesOf } from '../catalog/service';

// GET /api/index/spike: the running and upcoming slots of scheduled flash sales with their goods.
// The slots and their sold counts are cached per process for TTL_MS (the list is the home page's
// hottest promotion read) and dropped at once by every console edit of this process; another
// process sees an edit within TTL_MS. Sold counts may lag by as much: the order transaction, not
// this list, decides whether a unit is still there. Prices come through the catalogue's
// summaries, so a viewer the catalogue hides prices from never sees a spike price either.

const TTL_MS = 2_000;
/** Slots shown: the running one(s) and the next few. */
const SLOT_COUNT = 5;

interface CachedSlot {
  id: number;
  saleId: number;
  name: string;
  start: number;
  end: number;
  goods: { id: number; goodsId: number; priceFen: number; stock: number; sold: number; limit: number }[];
}
interface CacheEntry {
  at: number;
  slots: Promise<CachedSlot[]>;
  /** The goods as visitors see them (no prices), shared by every visitor for the entry's life. */
  visitorGoods?: Promise<Map<number, GoodsSummary>>;
}
let cache = new WeakMap<Db, CacheEntry>();

export const invalidateSpikeIndex = sharedForget('spike-index', () => {
  cache = new WeakMap();
});

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

async function readSlots(db: Db, now: Date): Promise<CachedSlot[]> {
  const slots = await db
    .select({
      id: spikeSlots.id,
      saleId: spikeSlots.saleId,
      name: spikeSales.name,
      startsAt: spikeSlots.startsAt,
      endsAt: spikeSlots.endsAt,
    })
    .from(spikeSlots)
    .innerJoin(spikeSales, eq(spikeSales.id, spikeSlots.saleId))
    .where(and(eq(spikeSales.status, 'scheduled'), gt(spikeSlots.endsAt, now)))
    .orderBy(asc(spikeSlots.startsAt), asc(spikeSlots.id))
    .limit(SLOT_COUNT + 2);
  if (slots.length === 0) return [];
  const rows = await db
    .select()
    .from(spikeGoods)
    .where(
      and(
        inArray(
          spikeGoods.slotId,
          slots.map((s) => s.id),
        ),
        isNull(spikeGoods.retiredAt),
      ),
    )
    .orderBy(asc(spikeGoods.sort), asc(spikeGoods.id));
  return slots.map((s) => ({
    id: s.id,
    saleId: s.saleId,
    name: s.name,
    start: seconds(s.startsAt),
    end: seconds(s.endsAt),
    goods: rows
      .filter((r) => r.slotId === s.id)
      .map((r) => ({
        id: r.id,
        goodsId: r.goodsId,
        priceFen: r.priceFen,
        stock: r.stock,
        sold: r.sold,
        limit: r.perStoreLimit,
      })),
  }));
}

function cachedEntry(ctx: ViewerCtx): CacheEntry {
  // Freshness of a process cache, not business time: the monotonic clock.
  const at = performance.now();
  const hit = cache.get(ctx.db);
  if (hit && at - hit.at < TTL_MS) return hit;
  const slots = readSlots(ctx.db, ctx.now);
  slots.catch(() => cache.delete(ctx.db));
  const entry: CacheEntry = { at, slots };
  cache.set(ctx.db, entry);
  return entry;
}

/**
 * The slots' goods as the viewer sees them. A buyer's are read per request (prices and scope
 * are the buyer's); a visitor sees no prices, so the visitors' view is read once per entry.
 */
function goodsFor(ctx: ViewerCtx, entry: CacheEntry, slots: CachedSlot[]) {
  const ids = (list: CachedSlot[]) => list.flatMap((s) => s.goods.map((g) => g.goodsId));
  if (ctx.actor.kind !== 'visitor') return summariesOf(ctx, ids(slots));
  if (!entry.visitorGoods) {
    const read = entry.slots.then((all) => summariesOf(ctx, ids(all)));
    read.catch(() => {
      entry.visitorGoods = undefined;
    });
    entry.visitorGoods = read;
  }
  return entry.visitorGoods;
}

export async function spikeIndex(ctx: ViewerCtx): Promise<SpikeIndexData> {
  const now = seconds(ctx.now);
  const entry = cachedEntry(ctx);
  const slots = (await entry.slots).filter((s) => s.end > now).slice(0, SLOT_COUNT);
  const summaries = await goodsFor(ctx, entry, slots);
  const views: SpikeSlotView[] = slots.map((s) => ({
    id: s.id,
    sale_id: s.saleId,
    name: s.name,
    start_time: s.start,
    end_time: s.end,
    phase: activityPhase(s.start, s.end, now) === 'running' ? 'running' : 'upcoming',
    goods: s.goods.flatMap((g) => {
      const summary = summaries.get(g.goodsId);
      if (!summary) return [];
      const progress = spikeProgress(g.sold, g.stock);
      return [
        {
          id: g.id,
          goods: summary,
          spike_price: summary.base_price === null ? null : toYuan(g.priceFen),
          stock: g.stock,
          sold: Math.min(g.sold, g.stock),
          sold_percent: progress.percent,
          remaining: progress.remaining,
          limit: g.limit,
          sold_out: progress.soldOut,
        },
      ];
    }),
  }));
  return { timestamp: now, slots: views };
}
