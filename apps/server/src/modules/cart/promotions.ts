import type { SaleControl } from '@yaocai/domain';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  giftRules,
  goods,
  goodsCombinationItems,
  goodsCombinations,
  manjianActivities,
  manjianActivityGoods,
  settings,
} from '../../db/schema';
import { saleControlOf } from '../catalog/sale-control-column';

/**
 * What the cart prices with besides the lines: the active full-reduction activity and its goods,
 * the free-shipping setting, gift rules and combination packages. Small and rarely changed, so
 * each process keeps it for a few seconds (design.md: per-process, short-lived caches).
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
    quantity: number;
    priceFen: number;
    isBuy: boolean;
    scopeClass: string;
    rxClass: string;
    saleControl: SaleControl | null;
  }[];
}

export interface CartPromotions {
  activity: {
    id: number;
    name: string;
    tiers: { amountFen: number; reductionFen: number }[];
    /** Goods tagged 满 take part (the catalogue's site-wide rule). */
    forTaggedGoods: boolean;
    /** Goods listed for the activity in manjian_activity_goods. */
    goodsIds: Set<number>;
  } | null;
  shipping: ShippingSetting | null;
  giftRulesByGoods: Map<number, GiftRule[]>;
  combinations: Map<number, Combination>;
}

const TTL_MS = 5_000;
const cache = new WeakMap<object, { at: number; value: Promise<CartPromotions> }>();

/** Forget the cached promotions (after an operator edits them, and in tests). */
export function invalidateCartPromotions(db: object) {
  cache.delete(db);
}

export function loadCartPromotions(db: DbOrTx): Promise<CartPromotions> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = readPromotions(db);
  cache.set(db, { at: Date.now(), value });
  value.catch(() => cache.delete(db));
  return value;
}

async function readPromotions(db: DbOrTx): Promise<CartPromotions> {
  const now = new Date();
  const [activities, shippingRows, rules, combos, comboItems] = await Promise.all([
    db
      .select()
      .from(manjianActivities)
      .where(
        and(
          eq(manjianActivities.isActive, true),
          lte(manjianActivities.startsAt, now),
          gt(manjianActivities.endsAt, now),
        ),
      )
      .orderBy(manjianActivities.id)
      .limit(1),
    db.select().from(settings).where(eq(settings.key, 'shipping')),
    db
      .select({
        id: giftRules.id,
        goodsId: giftRules.goodsId,
        type: giftRules.type,
        buyQuantity: giftRules.buyQuantity,
        giftGoodsId: giftRules.giftGoodsId,
        giftGoodsName: goods.name,
        giftGoodsUnit: goods.unit,
        giftQuantity: giftRules.giftQuantity,
        priceFen: giftRules.priceFen,
        repeat: giftRules.repeat,
        maxGifts: giftRules.maxGifts,
      })
      .from(giftRules)
      .innerJoin(goods, eq(goods.id, giftRules.giftGoodsId))
      .where(eq(giftRules.isActive, true))
      .orderBy(giftRules.id),
    db.select().from(goodsCombinations).where(eq(goodsCombinations.isActive, true)),
    db
      .select({
        combinationId: goodsCombinationItems.combinationId,
        goodsId: goodsCombinationItems.goodsId,
        quantity: goodsCombinationItems.quantity,
        name: goods.name,
        spec: goods.spec,
        priceFen: goods.basePriceFen,
        isBuy: goods.isBuy,
        isOnSale: goods.isOnSale,
        scopeClass: goods.scopeClass,
        rxClass: goods.rxClass,
        saleControl: saleControlOf(),
      })
      .from(goodsCombinationItems)
      .innerJoin(goods, eq(goods.id, goodsCombinationItems.goodsId))
      .orderBy(goodsCombinationItems.combinationId, goodsCombinationItems.goodsId),
  ]);

  let activity: CartPromotions['activity'] = null;
  if (activities[0]) {
    const members = await db
      .select({ goodsId: manjianActivityGoods.goodsId })
      .from(manjianActivityGoods)
      .where(eq(manjianActivityGoods.activityId, activities[0].id));
    activity = {
      id: activities[0].id,
      name: activities[0].name,
      tiers: activities[0].tiers,
      forTaggedGoods: activities[0].forTaggedGoods,
      goodsIds: new Set(members.map((m) => m.goodsId)),
    };
  }

  const raw = shippingRows[0]?.value as { threshold_fen?: number; fee_fen?: number } | undefined;
  const shipping =
    raw && Number.isSafeInteger(raw.threshold_fen)
      ? { thresholdFen: raw.threshold_fen ?? 0, feeFen: raw.fee_fen ?? 0 }
      : null;

  const giftRulesByGoods = new Map<number, GiftRule[]>();
  for (const rule of rules) {
    const list = giftRulesByGoods.get(rule.goodsId) ?? [];
    list.push(rule);
    giftRulesByGoods.set(rule.goodsId, list);
  }

  const combinations = new Map<number, Combination>();
  for (const c of combos) combinations.set(c.id, { ...c, items: [] });
  for (const item of comboItems) {
    combinations.get(item.combinationId)?.items.push({
      goodsId: item.goodsId,
      name: item.name,
      spec: item.spec,
      quantity: item.quantity,
      priceFen: item.priceFen,
      isBuy: item.isBuy && item.isOnSale,
      scopeClass: item.scopeClass,
      rxClass: item.rxClass,
      saleControl: item.saleControl,
    });
  }
  return { activity, shipping, giftRulesByGoods, combinations };
}

/**
 * Whether a goods counts towards the activity's tiers (with_coupon): listed for it, or tagged 满
 * under a site-wide activity. Ephedrine-type goods (含麻) never take part.
 */
export function inActivity(
  promotions: CartPromotions,
  goods: { goodsId: number; tags: string[]; ephedrine: boolean },
): boolean {
  const activity = promotions.activity;
  if (!activity || goods.ephedrine) return false;
  return activity.goodsIds.has(goods.goodsId) || (activity.forTaggedGoods && goods.tags.includes('满'));
}
