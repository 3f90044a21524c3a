import { type Coverage, type GoodsTag, goodsBadges, NEW_GOODS_DAYS } from '@yaocai/domain';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { goodsCategories } from '../../db/schema';
import { sharedForget } from '../../lib/cache-bus';
import { DAILY_SPECIAL_CODE } from './daily-specials';
import { activitiesCovering, loadCartPromotions } from './loaders';
import { liveSpecialGoodsIds, loadLineSpecials } from './specials';
import { SPIKE_CODE } from './spike';
import { bestWelfare, liveWelfareOf, WELFARE_CODE, welfareDefinitions } from './welfare';

export interface BadgeGoods {
  id: number;
  brandId: number | null;
  zones: readonly string[];
  ephedrine: boolean;
  createdAt: Date;
  /** Its categories, when the caller read them with the goods (list rows do); else read here. */
  categoryIds?: readonly number[];
}

/**
 * The live badges of a page of goods (packages/domain promotion/badges.ts), in one round of
 * queries run together: the cached promotions and welfare definitions, the goods' categories
 * only when a live activity covers by category and the caller did not bring them, and the goods
 * live on the flash sale and the daily specials (as a visitor: no per-store limits; liveSpecialCodes).
 * Welfare coverage is decided here from the goods' facts instead of re-reading the goods.
 */
export async function liveBadges(
  db: DbOrTx,
  goods: readonly BadgeGoods[],
  now: Date,
): Promise<Map<number, GoodsTag[]>> {
  const out = new Map<number, GoodsTag[]>();
  if (goods.length === 0) return out;
  const missing = goods.filter((g) => !g.categoryIds).map((g) => g.id);
  const [promotions, welfare, specials, readCategories] = await Promise.all([
    loadCartPromotions(db),
    welfareDefinitions(db),
    liveSpecialCodes(db, now),
    missing.length ? categoriesOf(db, missing) : new Map<number, number[]>(),
  ]);
  // Welfare coverage comes with its sub-categories: a goods matches on its own categories.
  const running = liveWelfareOf(welfare, now);
  for (const g of goods) {
    const categoryIds = g.categoryIds ?? readCategories.get(g.id) ?? [];
    const special = specials.get(g.id);
    const welfareLive =
      !special &&
      running.length > 0 &&
      bestWelfare(running, {
        goodsId: g.id,
        categoryIds: [...categoryIds],
        brandId: g.brandId,
        zones: [...g.zones],
        ephedrine: g.ephedrine,
      }) !== undefined;
    out.set(
      g.id,
      goodsBadges({
        zones: g.zones,
        fullReduction:
          activitiesCovering(promotions, {
            goodsId: g.id,
            categoryIds: [...categoryIds],
            brandId: g.brandId,
            zones: g.zones,
            ephedrine: g.ephedrine,
          }).length > 0,
        giftTypes: (promotions.giftRulesByGoods.get(g.id) ?? []).map((r) => r.type),
        specials: special ? [special] : welfareLive ? [WELFARE_CODE] : [],
        listedAt: g.createdAt,
        now,
      }),
    );
  }
  return out;
}

/**
 * The goods on a live flash-sale slot or daily special that a visitor could still buy, and the
 * special that prices each (the cheaper when both do): read for every live special goods at once
 * and shared by the list pages of one second (SPECIALS_TTL_MS), instead of two planned statements
 * per page. A badge is then at most a second late when a slot starts, ends or sells out; an
 * operator's save of a flash sale or daily special forgets the copy at once. A request whose clock
 * is more than that second away from the copy's (a test's fixed clock) reads its own.
 */
const SPECIALS_TTL_MS = 1_000;
let specialsCache = new WeakMap<object, { at: number; value: Promise<Map<number, string>> }>();

export const invalidateSpecialBadges = sharedForget('special-badges', () => {
  specialsCache = new WeakMap();
});

function liveSpecialCodes(db: DbOrTx, now: Date): Promise<Map<number, string>> {
  const hit = specialsCache.get(db);
  if (hit && Math.abs(now.getTime() - hit.at) < SPECIALS_TTL_MS) return hit.value;
  const codes = [SPIKE_CODE, DAILY_SPECIAL_CODE];
  const value = liveSpecialGoodsIds(db, codes, now)
    .then((ids) => loadLineSpecials(db, 0, ids, now, { codes }))
    .then((found) => new Map([...found].map(([goodsId, special]) => [goodsId, special.code])));
  specialsCache.set(db, { at: now.getTime(), value });
  value.catch(() => specialsCache.delete(db));
  return value;
}

/** Category ids of each goods. */
async function categoriesOf(db: DbOrTx, ids: number[]): Promise<Map<number, number[]>> {
  const rows = await db
    .select({
      goodsId: goodsCategories.goodsId,
      ids: sql<number[]>`array_agg(${goodsCategories.categoryId})`,
    })
    .from(goodsCategories)
    .where(inArray(goodsCategories.goodsId, ids))
    .groupBy(goodsCategories.goodsId);
  return new Map(rows.map((r) => [r.goodsId, r.ids]));
}

/**
 * What a badge filter (goods/list?tag=满) matches now, as coverages the catalogue turns into its
 * query (any of them), so the filter and the cards agree: 满 the live activities' coverage, 秒 /
 * 特 the goods on specials, 换购 / 赠 the goods with such a gift rule, 优 the 优选 zone; 新 is
 * answered with `listedAfter`.
 */
export async function badgeFilter(
  db: DbOrTx,
  tag: GoodsTag,
  now: Date,
): Promise<{ coverages: Coverage[]; listedAfter?: Date }> {
  switch (tag) {
    case '优':
      return { coverages: [{ zones: ['yx'] }] };
    case '新':
      return {
        coverages: [{ all: true }],
        listedAfter: new Date(now.getTime() - NEW_GOODS_DAYS * 86_400_000),
      };
    case '满': {
      const { activities } = await loadCartPromotions(db);
      return { coverages: activities.map((a) => a.coverage ?? { all: true }) };
    }
    case '换购':
    case '赠': {
      const { giftRulesByGoods } = await loadCartPromotions(db);
      const type = tag === '赠' ? 1 : 2;
      const goodsIds = [...giftRulesByGoods]
        .filter(([, rules]) => rules.some((r) => r.type === type))
        .map(([id]) => id);
      return { coverages: [{ goodsIds }] };
    }
    case '秒':
    case '特':
      return {
        coverages: [
          {
            goodsIds: await liveSpecialGoodsIds(
              db,
              tag === '秒' ? ['spike'] : ['daily_special', 'welfare'],
              now,
            ),
          },
        ],
      };
  }
}

/** Goods on any live promotion (秒 满 特 赠 换购): the union of their badge filters (/yyh/list). */
export async function promotionFilter(db: DbOrTx, now: Date): Promise<{ coverages: Coverage[] }> {
  const parts = await Promise.all(
    (['秒', '满', '特', '赠', '换购'] as const).map((tag) => badgeFilter(db, tag, now)),
  );
  return { coverages: parts.flatMap((p) => p.coverages) };
}
