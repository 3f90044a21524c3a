import {
  type CoverageFacts,
  covers,
  type FullReductionAction,
  type FullReductionActivityInput,
  fullReductionRule,
  type LivePromotion,
  ruleOf,
  type SaleControl,
} from '@yaocai/domain';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  giftRules,
  goodsCombinationItems,
  goodsCombinations,
  promotions as promotionRows,
} from '../../db/schema/promotion';
import { sharedCache } from '../../lib/cache-bus';
import { descendantsExpander } from '../catalog/coverage';
import { categoryParentLinks, handedOutGoodsOf } from '../catalog/promotion-facts';
import { savedSettingValues } from '../settings/read';

/**
 * What the cart prices with besides the lines: the live full-reduction activities (several may
 * run at once, each covering the goods its coverage names), the free-shipping setting, gift rules
 * and combination packages. Small and rarely changed, so each process keeps it for a few seconds
 * (design.md: per-process, short-lived caches); operator edits forget it at once.
 */
export interface ShippingSetting {
  thresholdFen: number;
  feeFen: number;
}

export interface GiftRule {
  id: number;
  goodsId: number;
  type: number;
  buyQuantity: number;
  giftGoodsId: number;
  giftGoodsName: string;
  /** Packing unit of the gift goods (包, 支...). */
  giftGoodsUnit: string;
  giftQuantity: number;
  priceFen: number;
  repeat: boolean;
  maxGifts: number | null;
}

export interface Combination {
  id: number;
  name: string;
  priceFen: number;
  mainGoodsId: number;
  warehouseId: number;
  items: {
    goodsId: number;
    name: string;
    spec: string;
    image: string | null;
    quantity: number;
    priceFen: number;
    isBuy: boolean;
    scopeClass: string;
    rxClass: string;
    saleControl: SaleControl | null;
  }[];
}

export interface CartPromotions {
  /**
   * The live full-reduction activities among `promotions`, in priority (id) order, in the shape
   * the goods page, the badges and the hub show them in (the cart prices them from `promotions`).
   */
  activities: FullReductionActivityInput[];
  /**
   * Live promotions stored in the one shape (the `promotions` table), in id order, category
   * coverage expanded; a row whose kind no rule knows or whose arguments its rule refuses is left out.
   */
  promotions: LivePromotion[];
  shipping: ShippingSetting | null;
  giftRulesByGoods: Map<number, GiftRule[]>;
  combinations: Map<number, Combination>;
}

const cache = sharedCache<CartPromotions>('cart-promotions', 5_000);

/** Forget the cached promotions (after an operator edits them, and in tests). */
export const invalidateCartPromotions = cache.forget;

/**
 * The promotions live at `now` (the request's clock). Cached for 5 s of that clock: a copy serves
 * requests within 5 s of the instant it was read for (a test moving the clock reads afresh).
 */
export function loadCartPromotions(db: DbOrTx, now: Date): Promise<CartPromotions> {
  return cache.get(db, () => readPromotions(db, now), now.getTime());
}

async function readPromotions(db: DbOrTx, now: Date): Promise<CartPromotions> {
  const [categoryRows, savedShipping, rules, combos, comboItems, generic] = await Promise.all([
    categoryParentLinks(db),
    savedSettingValues(db, ['shipping']),
    db
      .select({
        id: giftRules.id,
        goodsId: giftRules.goodsId,
        type: giftRules.type,
        buyQuantity: giftRules.buyQuantity,
        giftGoodsId: giftRules.giftGoodsId,
        giftQuantity: giftRules.giftQuantity,
        priceFen: giftRules.priceFen,
        repeat: giftRules.repeat,
        maxGifts: giftRules.maxGifts,
      })
      .from(giftRules)
      .where(eq(giftRules.isActive, true))
      .orderBy(giftRules.id),
    db.select().from(goodsCombinations).where(eq(goodsCombinations.isActive, true)),
    db
      .select({
        combinationId: goodsCombinationItems.combinationId,
        goodsId: goodsCombinationItems.goodsId,
        quantity: goodsCombinationItems.quantity,
      })
      .from(goodsCombinationItems)
      .orderBy(goodsCombinationItems.combinationId, goodsCombinationItems.goodsId),
    db
      .select()
      .from(promotionRows)
      .where(
        and(
          eq(promotionRows.status, 'active'),
          lte(promotionRows.startsAt, now),
          gt(promotionRows.endsAt, now),
        ),
      )
      .orderBy(asc(promotionRows.id)),
  ]);
  // The goods the gift rules and packages hand out, in one read (a rule or item whose goods is
  // gone is left out, as a join would).
  const handedOut = await handedOutGoodsOf(db, [
    ...rules.map((r) => r.giftGoodsId),
    ...comboItems.map((i) => i.goodsId),
  ]);

  const expand = descendantsExpander(categoryRows);

  const livePromotions = generic.flatMap((row): LivePromotion[] => {
    const rule = ruleOf(row.kind);
    const condition = rule?.condition.safeParse(row.condition);
    const action = rule?.action.safeParse(row.action);
    if (!condition?.success || !action?.success) return [];
    return [
      {
        kind: row.kind,
        id: row.id,
        label: row.name,
        coverage: row.coverage ? { ...row.coverage, categoryIds: expand(row.coverage.categoryIds) } : null,
        condition: condition.data,
        action: action.data,
      },
    ];
  });

  // The 满减 bar, tags and badges outside the cart read the full-reduction ones in their own shape.
  const live: FullReductionActivityInput[] = livePromotions
    .filter((p) => p.kind === fullReductionRule.kind)
    .map((p) => ({
      id: p.id,
      name: p.label,
      tiers: (p.action as FullReductionAction).tiers,
      coverage: p.coverage,
    }));

  const raw = savedShipping.shipping as { threshold_fen?: number; fee_fen?: number } | undefined;
  const shipping =
    raw && Number.isSafeInteger(raw.threshold_fen)
      ? { thresholdFen: raw.threshold_fen ?? 0, feeFen: raw.fee_fen ?? 0 }
      : null;

  const giftRulesByGoods = new Map<number, GiftRule[]>();
  for (const row of rules) {
    const gift = handedOut.get(row.giftGoodsId);
    if (!gift) continue;
    const rule: GiftRule = { ...row, giftGoodsName: gift.name, giftGoodsUnit: gift.unit };
    const list = giftRulesByGoods.get(rule.goodsId) ?? [];
    list.push(rule);
    giftRulesByGoods.set(rule.goodsId, list);
  }

  const combinations = new Map<number, Combination>();
  for (const c of combos) combinations.set(c.id, { ...c, items: [] });
  for (const item of comboItems) {
    const g = handedOut.get(item.goodsId);
    if (!g) continue;
    combinations.get(item.combinationId)?.items.push({
      goodsId: item.goodsId,
      name: g.name,
      spec: g.spec,
      image: g.image,
      quantity: item.quantity,
      priceFen: g.basePriceFen,
      isBuy: g.isBuy && g.isOnSale,
      scopeClass: g.scopeClass,
      rxClass: g.rxClass,
      saleControl: g.saleControl,
    });
  }
  return { activities: live, promotions: livePromotions, shipping, giftRulesByGoods, combinations };
}

/** The live activities covering a goods (the detail page's 满减 and the 满 badge). */
export function activitiesCovering(
  promotions: CartPromotions,
  goods: CoverageFacts,
): FullReductionActivityInput[] {
  return promotions.activities.filter((a) => (a.coverage ? covers(a.coverage, goods) : !goods.ephedrine));
}
