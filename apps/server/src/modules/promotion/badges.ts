import { type Coverage, type GoodsTag, goodsBadges, NEW_GOODS_DAYS } from '@yaocai/domain';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { goodsCategories } from '../../db/schema';
import { activitiesCovering, loadCartPromotions } from './loaders';
import { liveSpecialGoodsIds, loadLineSpecials } from './specials';

export interface BadgeGoods {
  id: number;
  brandId: number | null;
  zones: readonly string[];
  ephedrine: boolean;
  createdAt: Date;
}

/**
 * The live badges of a page of goods (packages/domain promotion/badges.ts): one read of the
 * cached promotions, the goods' categories only when a live activity covers by category, and
 * one read per special-price source for the page's ids (as a visitor: no per-store limits).
 */
export async function liveBadges(
  db: DbOrTx,
  goods: readonly BadgeGoods[],
  now: Date,
): Promise<Map<number, GoodsTag[]>> {
  const out = new Map<number, GoodsTag[]>();
  if (goods.length === 0) return out;
  const ids = goods.map((g) => g.id);
  const promotions = await loadCartPromotions(db);
  const byCategory = promotions.activities.some((a) => a.coverage?.categoryIds?.length);
  const [categoryRows, specials] = await Promise.all([
    byCategory
      ? db
          .select({
            goodsId: goodsCategories.goodsId,
            ids: sql<number[]>`array_agg(${goodsCategories.categoryId})`,
          })
          .from(goodsCategories)
          .where(inArray(goodsCategories.goodsId, ids))
          .groupBy(goodsCategories.goodsId)
      : [],
    loadLineSpecials(db, 0, ids, now),
  ]);
  const categoriesOf = new Map(categoryRows.map((r) => [r.goodsId, r.ids]));
  for (const g of goods) {
    const special = specials.get(g.id);
    out.set(
      g.id,
      goodsBadges({
        zones: g.zones,
        fullReduction:
          activitiesCovering(promotions, {
            goodsId: g.id,
            categoryIds: categoriesOf.get(g.id) ?? [],
            brandId: g.brandId,
            zones: g.zones,
            ephedrine: g.ephedrine,
          }).length > 0,
        giftTypes: (promotions.giftRulesByGoods.get(g.id) ?? []).map((r) => r.type),
        specials: special ? [special.code] : [],
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
