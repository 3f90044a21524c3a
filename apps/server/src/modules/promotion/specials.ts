import type { CoverageFacts, LineSpecialInput, PricedLine } from '@yaocai/domain';
import type { DbOrTx } from '../../db/client';
import { sharedCache } from '../../lib/cache-bus';
import { DAILY_SPECIAL_CODE, dailySpecialSource } from './daily-specials';
import type { SpecialSource, SpecialTake } from './special-source';
import { SPIKE_CODE, spikeSource } from './spike';
import { welfareSource } from './welfare';

export type { SpecialSource, SpecialTake } from './special-source';
export { SPIKE_CODE } from './spike';

/** Every source, in no particular order (the best special per goods wins). */
const sources: SpecialSource[] = [spikeSource, dailySpecialSource, welfareSource];

/**
 * The better of two specials for one goods: a special price beats the welfare discount (they do
 * not stack), a lower price beats a higher one, an older promotion breaks the tie.
 */
function better(a: LineSpecialInput, b: LineSpecialInput): LineSpecialInput {
  if (a.kind !== b.kind) return a.kind === 'special_price' ? a : b;
  if (a.kind === 'special_price' && b.kind === 'special_price' && a.unitPriceFen !== b.unitPriceFen)
    return a.unitPriceFen < b.unitPriceFen ? a : b;
  if (a.kind === 'welfare' && b.kind === 'welfare' && a.ratePercent !== b.ratePercent)
    return a.ratePercent < b.ratePercent ? a : b;
  return a.promotionId <= b.promotionId ? a : b;
}

/**
 * The best special of each goods for this store now; `codes` narrows the sources asked, `facts`
 * spares the sources that match on coverage a read of the goods.
 */
export async function loadLineSpecials(
  db: DbOrTx,
  userId: number,
  goodsIds: readonly number[],
  now: Date,
  options: {
    codes?: readonly string[];
    facts?: ReadonlyMap<number, CoverageFacts>;
    /**
     * The goods live on each source now (liveSpecials().goods): a source is asked only about
     * those of its goods, and not at all when there are none.
     */
    live?: ReadonlyMap<string, ReadonlySet<number>>;
  } = {},
): Promise<Map<number, LineSpecialInput>> {
  const { codes, facts, live } = options;
  const out = new Map<number, LineSpecialInput>();
  const asked = codes ? sources.filter((s) => codes.includes(s.code)) : sources;
  if (goodsIds.length === 0 || asked.length === 0) return out;
  const unique = [...new Set(goodsIds)];
  const maps = await Promise.all(
    asked.map((s) => {
      const liveOfSource = live?.get(s.code);
      const ids = liveOfSource ? unique.filter((id) => liveOfSource.has(id)) : unique;
      return ids.length > 0 ? s.load(db, userId, ids, now, facts) : new Map<number, LineSpecialInput>();
    }),
  );
  for (const map of maps)
    for (const [goodsId, special] of map) {
      const held = out.get(goodsId);
      out.set(goodsId, held ? better(held, special) : special);
    }
  return out;
}

/** The goods live on specials of these codes now (spike, daily_special, welfare). */
export async function liveSpecialGoodsIds(
  db: DbOrTx,
  codes: readonly string[],
  now: Date,
): Promise<number[]> {
  const lists = await Promise.all(
    sources.filter((s) => codes.includes(s.code)).map((s) => s.liveGoodsIds(db, now)),
  );
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}

/** The sources that list their live goods (flash sale, daily special); welfare reads no table. */
const LISTED_CODES = [SPIKE_CODE, DAILY_SPECIAL_CODE];

export interface LiveSpecials {
  /** The goods on each listed source now, whether or not any units are left. */
  goods: ReadonlyMap<string, ReadonlySet<number>>;
  /** The goods a visitor could still buy on a special, and which special prices each. */
  visitorCodes: ReadonlyMap<number, string>;
}

/**
 * The goods on a live flash-sale slot or daily special, read for every live special goods at once
 * and shared by the requests of one second (LIVE_TTL_MS): the list pages' badges, and the cart,
 * which asks a source about a store's goods only when some of them are on it (most carts hold
 * none, and their list then makes no promotion statement). A badge or a cart price is then at
 * most a second late when a slot starts; an order always reads afresh. An operator's save of a
 * flash sale or daily special forgets the copy at once, in every process. A request whose clock
 * is more than that second away from the copy's (a test's fixed clock) reads its own.
 */
const LIVE_TTL_MS = 1_000;
const liveCache = sharedCache<LiveSpecials>('live-specials', LIVE_TTL_MS);

export const forgetLiveSpecials = liveCache.forget;

export function liveSpecials(db: DbOrTx, now: Date): Promise<LiveSpecials> {
  return liveCache.get(
    db,
    async () => {
      const listed = sources.filter((s) => LISTED_CODES.includes(s.code));
      const lists = await Promise.all(listed.map((s) => s.liveGoodsIds(db, now)));
      const goods = new Map(listed.map((s, i) => [s.code, new Set(lists[i])]));
      const found = await loadLineSpecials(db, 0, [...new Set(lists.flat())], now, {
        codes: LISTED_CODES,
        live: goods,
      });
      return {
        goods,
        visitorCodes: new Map([...found].map(([goodsId, special]) => [goodsId, special.code])),
      };
    },
    now.getTime(),
  );
}

/** The special units an order's priced lines used on one source (code), one take per line. */
export function specialTakesOf(
  order: { orderId: number; userId: number },
  lines: readonly PricedLine[],
  code: string,
): SpecialTake[] {
  return lines
    .filter((l) => l.selected && l.special?.code === code && l.special.units > 0)
    .map((l) => ({
      ...order,
      goodsId: Number(l.goodsId),
      promotionId: l.special?.promotionId ?? 0,
      units: l.special?.units ?? 0,
    }));
}

/**
 * Takes the special units an order's priced lines used, per source, in the order transaction;
 * `except`: sources whose takes the caller makes itself (the order's reservation embeds the
 * flash sale's take in its last statement, order/reserve.ts).
 */
export async function reserveSpecials(
  tx: DbOrTx,
  order: { orderId: number; userId: number },
  lines: readonly PricedLine[],
  now: Date,
  except: readonly string[] = [],
): Promise<void> {
  for (const source of sources) {
    if (!source.reserve || except.includes(source.code)) continue;
    const takes = specialTakesOf(order, lines, source.code);
    if (takes.length > 0) await source.reserve(tx, takes, now);
  }
}

/** Gives back every special unit an order took (cancel, expiry). */
export async function releaseSpecials(tx: DbOrTx, orderId: number): Promise<void> {
  for (const source of sources) if (source.release) await source.release(tx, orderId);
}
