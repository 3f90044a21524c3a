import { z } from 'zod';
import { CART_LINE_TYPE } from './limits';

/**
 * The pricing engine's input, as zod schemas so the server can validate what it feeds the
 * engine and the SPAs can type their view models from them. Money is integer fen; the API
 * edge converts the wire's yuan with fromYuan before building these.
 */
const fen = z.number().int({ error: '金额必须精确到分' }).nonnegative({ error: '金额不能为负' });
const count = z.number().int({ error: '数量必须为正整数' }).nonnegative({ error: '数量必须为正整数' });

export const lineIdInput = z.union([z.number().int(), z.string().min(1)]);
export const goodsIdInput = z.union([z.number().int(), z.string().min(1)]);

export const ladderTierInput = z.object({ quantity: z.number().int().positive(), priceFen: fen });

/** ladder_price + ladder_price_type: type 1 = upper bounds, otherwise minimums. */
export const ladderInput = z.object({ type: z.number().int(), tiers: z.array(ladderTierInput) });

/** gift_data: total (what the gifts add, 0 for free gifts) and type (1 赠, 2 换购). */
export const lineGiftInput = z.object({ totalFen: fen, type: z.number().int() });

/** A combination package (type 3): its price per set and the goods in one set. */
export const combinationInput = z.object({
  priceFen: fen,
  items: z
    .array(z.object({ goodsId: goodsIdInput, quantity: z.number().int().positive(), priceFen: fen }))
    .min(1, { error: '组合套餐至少包含一件商品' }),
});

/**
 * A line-level promotion live for the line's goods now, as the promotion module loaded it for
 * this store: a special price (秒杀 flash sale, 每日特价 daily special) replaces the unit price for
 * up to `limit` units (the store's per-store limit and the promotion's own stock, whichever is
 * less; more units are at the normal price); a welfare discount (福利 94折) takes ratePercent of
 * the line's amount. See packages/domain/src/promotion/stacking.ts for what else may then apply.
 */
export const lineSpecialInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('special_price'),
    /** spike | daily_special */
    code: z.string(),
    promotionId: z.number().int(),
    label: z.string(),
    unitPriceFen: fen,
    /** Units this store may still buy at the price; null = no limit. */
    limit: count.nullish(),
  }),
  z.object({
    kind: z.literal('welfare'),
    code: z.string(),
    promotionId: z.number().int(),
    label: z.string(),
    /** 94 = 94折. */
    ratePercent: z.number().int().min(1).max(100),
  }),
]);
export type LineSpecialInput = z.infer<typeof lineSpecialInput>;

export const cartLineInput = z
  .object({
    id: lineIdInput,
    goodsId: goodsIdInput,
    /** Packing units, or sets for a combination. */
    quantity: count,
    /** is_selected as stored; lines that cannot be bought are unselected by the engine. */
    selected: z.boolean(),
    /** with_coupon: the line counts towards full-reduction tiers and coupons. Default false. */
    withCoupon: z.boolean().optional(),
    /** 1 normal (default), 3 combination package. */
    type: z.number().int().optional(),
    /** is_buy: default true. */
    isBuy: z.boolean().optional(),
    /** goods.number: units in stock. */
    stock: count,
    /** The line's price before ladder tiers. */
    basePriceFen: fen,
    ladder: ladderInput.nullish(),
    /** 起购 and 中包装; default 1. */
    minQuantity: z.number().int().positive().optional(),
    step: z.number().int().positive().optional(),
    freeShippingNumber: count.nullish(),
    /** goods_manjian_amount: the line's own reduction from a goods-level activity. */
    goodsManjianAmountFen: fen.optional(),
    gift: lineGiftInput.nullish(),
    combination: combinationInput.nullish(),
    special: lineSpecialInput.nullish(),
    /** What promotion coverage is decided on: the goods' categories (with ancestors), brand, zones. */
    facts: z
      .object({
        categoryIds: z.array(z.number().int()),
        brandId: z.number().int().nullable(),
        zones: z.array(z.string()),
        ephedrine: z.boolean(),
      })
      .nullish(),
  })
  .refine((line) => line.type !== CART_LINE_TYPE.combination || !!line.combination, {
    error: '组合套餐缺少套餐信息',
    path: ['combination'],
  });

export const fullReductionTierInput = z.object({
  amountFen: fen,
  reductionFen: fen,
  repeat: z.boolean().optional(),
  maxReductionFen: fen.optional(),
});

const coverageInput = z.object({
  all: z.boolean().optional(),
  goodsIds: z.array(z.number().int()).optional(),
  categoryIds: z.array(z.number().int()).optional(),
  brandIds: z.array(z.number().int()).optional(),
  zones: z.array(z.string()).optional(),
  excludeGoodsIds: z.array(z.number().int()).optional(),
});

/** A live full-reduction activity: its tiers and the goods it covers (null: every with_coupon line). */
export const fullReductionActivityInput = z.object({
  id: z.number().int(),
  name: z.string(),
  tiers: z.array(fullReductionTierInput),
  coverage: coverageInput.nullable(),
});

/**
 * A promotion in the one shape every kind is stored in (promotion/rule.ts LivePromotion): the
 * registered rule named by kind reads its condition and action arguments (rules/index.ts).
 */
export const livePromotionInput = z.object({
  kind: z.string().min(1),
  id: z.number().int(),
  code: z.string().optional(),
  label: z.string(),
  coverage: coverageInput.nullable(),
  lineIds: z.array(lineIdInput).optional(),
  condition: z.unknown(),
  action: z.unknown(),
});

/** activity_data.manjians and shipping_data of the cart state, in fen. */
export const cartActivityInput = z.object({
  /** Live promotions of any registered kind, in the one shape. */
  promotions: z.array(livePromotionInput).optional(),
  /** One activity over every with_coupon line (the shorthand the tests and the old wire use). */
  fullReductionTiers: z.array(fullReductionTierInput).optional(),
  /** Every live full-reduction activity; several may run at once. */
  fullReductionActivities: z.array(fullReductionActivityInput).optional(),
  shipping: z.object({ thresholdFen: fen, noTransOrderAmountFen: fen.optional() }).nullish(),
});

export const priceCartInput = z.object({
  lines: z.array(cartLineInput),
  activity: cartActivityInput.optional(),
});

export type CartLineInput = z.infer<typeof cartLineInput>;
export type CartActivityInput = z.infer<typeof cartActivityInput>;
export type FullReductionActivityInput = z.infer<typeof fullReductionActivityInput>;
export type PriceCartInput = z.infer<typeof priceCartInput>;
export type CombinationInput = z.infer<typeof combinationInput>;
