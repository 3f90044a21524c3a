import { type Coverage, type GoodsTag, goodsBadges, NEW_GOODS_DAYS } from '@yaocai/domain';
import type { DbOrTx } from '../../db/client';
import { goodsCategoryIdsOf } from '../catalog/promotion-facts';
import { activitiesCovering, loadCartPromotions } from './loaders';
import { liveSpecialGoodsIds, liveSpecials } from './specials';
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
    loadCartPromotions(db, now),
    welfareDefinitions(db),
    liveSpecials(db, now).then((live) => live.visitorCodes),
    goodsCategoryIdsOf(db, missing),
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
      const { activities } = await loadCartPromotions(db, now);
      return { coverages: activities.map((a) => a.coverage ?? { all: true }) };
    }
    case '换购':
    case '赠': {
      const { giftRulesByGoods } = await loadCartPromotions(db, now);
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
