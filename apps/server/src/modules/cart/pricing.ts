import {
  type BuyerEligibility,
  CART_FILTER_ALL,
  CART_LINE_TYPE,
  type CartLine,
  type CartLineInput,
  type CartState,
  type EligibilityGoods,
  giftTypeLabels,
  giftUnits,
  goodsEligibility,
  type LineSpecialInput,
  type NextHint,
  type PricedCart,
  type PricedLine,
  priceCart,
  toYuan,
  unselectedReasonLabels,
} from '@yaocai/domain';
import { priceVisibilityOf } from '../../lib/eligibility';
import type { CartPromotions, Combination, GiftRule } from '../promotion/loaders';
import type { CartRow } from './queries';

/**
 * The edge between the database rows and the pure pricing engine: rows -> engine input, engine
 * output -> the wire's cart state. No rule lives here; every figure comes from priceCart.
 */
export interface LineContext {
  row: CartRow;
  combination: Combination | null;
  stock: number;
  gifts: { rule: GiftRule; units: number }[];
  /** A special price or welfare discount live for the goods (promotion/specials.ts), or null. */
  special: LineSpecialInput | null;
}

export const goodsImage = (row: { goodsId: number; image: string | null }) =>
  row.image ?? `/media/goods/${row.goodsId}.svg`;

function lineGifts(promotions: CartPromotions, row: CartRow) {
  if (row.type === CART_LINE_TYPE.combination) return [];
  const rules = promotions.giftRulesByGoods.get(row.goodsId);
  if (!rules) return [];
  const out: LineContext['gifts'] = [];
  for (const rule of rules) {
    const units = giftUnits(
      {
        buyQuantity: rule.buyQuantity,
        giftQuantity: rule.giftQuantity,
        repeat: rule.repeat,
        maxGifts: rule.maxGifts ?? undefined,
      },
      row.quantity,
    );
    if (units > 0) out.push({ rule, units });
  }
  return out;
}

export function lineContexts(
  rows: CartRow[],
  promotions: CartPromotions,
  comboStocks: Map<number, number>,
  specials: Map<number, LineSpecialInput> = new Map(),
): LineContext[] {
  return rows.map((row) => {
    const combination =
      row.type === CART_LINE_TYPE.combination
        ? (promotions.combinations.get(row.combinationId) ?? null)
        : null;
    const stock =
      row.type === CART_LINE_TYPE.combination ? (comboStocks.get(row.combinationId) ?? 0) : row.stock;
    const special = combination ? null : (specials.get(row.goodsId) ?? null);
    return { row, combination, stock, gifts: lineGifts(promotions, row), special };
  });
}

export function engineLine(ctx: LineContext, selected?: boolean): CartLineInput {
  const { row, combination } = ctx;
  const giftTotal = ctx.gifts.reduce((s, g) => s + g.units * g.rule.priceFen, 0);
  const base: CartLineInput = {
    id: row.id,
    goodsId: row.goodsId,
    quantity: row.quantity,
    selected: selected ?? row.isSelected,
    // 含麻 goods take no activity or coupon; which activity covers a line is the engine's (facts).
    withCoupon: !row.ephedrine,
    facts: { categoryIds: row.categoryIds, brandId: row.brandId, zones: row.zones, ephedrine: row.ephedrine },
    isBuy: row.isBuy && row.isOnSale,
    stock: ctx.stock,
    basePriceFen: row.basePriceFen,
    ladder: row.ladder.length > 0 ? { type: row.ladderType, tiers: row.ladder } : null,
    minQuantity: row.minQuantity,
    step: row.stepQuantity,
    freeShippingNumber: row.isFreeShipping ? Math.max(1, row.freeShippingNumber) : null,
    goodsManjianAmountFen: 0,
    gift: ctx.gifts.length > 0 ? { totalFen: giftTotal, type: ctx.gifts[0].rule.type } : null,
    special: ctx.special,
  };
  if (row.type !== CART_LINE_TYPE.combination) return base;
  return {
    ...base,
    type: CART_LINE_TYPE.combination,
    isBuy: !!combination && combination.items.every((i) => i.isBuy),
    basePriceFen: combination?.priceFen ?? 0,
    ladder: null,
    minQuantity: 1,
    step: 1,
    freeShippingNumber: null,
    combination: combination
      ? {
          priceFen: combination.priceFen,
          items: combination.items.map((i) => ({
            goodsId: i.goodsId,
            quantity: i.quantity,
            priceFen: i.priceFen,
          })),
        }
      : { priceFen: 0, items: [{ goodsId: row.goodsId, quantity: 1, priceFen: 0 }] },
  };
}

/** What the eligibility rule needs of a cart line (a package: each of its goods). */
export function eligibilityGoodsOf(ctx: LineContext): EligibilityGoods {
  const { row, combination } = ctx;
  return {
    name: combination?.name ?? row.name,
    scopeClass: row.scopeClass,
    rxClass: row.rxClass,
    onSale: row.isOnSale && (row.type !== CART_LINE_TYPE.combination || combination !== null),
    purchasable: row.isBuy,
    stock: ctx.stock,
    control: combination ? null : row.saleControl,
    items: combination?.items.map((i) => ({
      name: i.name,
      scopeClass: i.scopeClass,
      rxClass: i.rxClass,
      purchasable: i.isBuy,
      control: i.saleControl,
    })),
  };
}

/** A line as a buyer who may not see prices gets it: every price-revealing figure null. */
function withoutPrices(line: CartLine): CartLine {
  return {
    ...line,
    price: null,
    special: line.special && { ...line.special, saving: null, price: null },
    gift_data: line.gift_data && {
      ...line.gift_data,
      total: null,
      items: line.gift_data.items.map((i) => ({ ...i, price: null })),
    },
    combination: line.combination && {
      ...line.combination,
      price: null,
      original_price: null,
      items: line.combination.items.map((i) => ({ ...i, price: null, amount: null })),
    },
    amount: null,
    subtotal: null,
    reduction_share: null,
    ladder_tier: null,
    next_ladder: null,
  };
}

function wireLine(ctx: LineContext, priced: PricedLine, viewer: BuyerEligibility): CartLine {
  const { row, combination } = ctx;
  const bounds = priced.quantityBounds;
  const isCombination = combination !== null;
  return {
    id: row.id,
    is_combination: isCombination,
    price: toYuan(priced.unitPriceFen),
    number: row.quantity,
    goods: {
      id: row.goodsId,
      name: isCombination ? combination.name : row.name,
      sccj: row.manufacturer,
      ypgg: row.spec,
      goods_image: [{ list: goodsImage(row) }],
      number: ctx.stock,
      bzdw: isCombination ? '套' : row.unit,
      ladder_price_type: row.ladderType,
      is_free_shipping: row.isFreeShipping,
      free_shipping_number: row.freeShippingNumber,
    },
    ck_id: row.warehouseId,
    ck_name: row.warehouseName,
    type: row.type,
    is_selected: priced.selected,
    special: priced.special
      ? {
          code: priced.special.code,
          label: priced.special.label,
          units: priced.special.units,
          saving: toYuan(priced.specialFen),
          price: ctx.special?.kind === 'special_price' ? toYuan(ctx.special.unitPriceFen) : null,
        }
      : null,
    gift_data:
      ctx.gifts.length > 0
        ? {
            type: ctx.gifts[0].rule.type,
            total: toYuan(priced.giftFen),
            label: giftTypeLabels[ctx.gifts[0].rule.type] ?? '赠',
            items: ctx.gifts.map((g) => ({
              goods_id: g.rule.giftGoodsId,
              name: g.rule.giftGoodsName,
              number: g.units,
              price: toYuan(g.rule.priceFen),
            })),
          }
        : null,
    combination: isCombination
      ? {
          id: combination.id,
          name: combination.name,
          price: toYuan(combination.priceFen),
          original_price: toYuan(combination.items.reduce((s, i) => s + i.priceFen * i.quantity, 0)),
          items: combination.items.map((item, i) => ({
            goods_id: item.goodsId,
            name: item.name,
            ypgg: item.spec,
            number: item.quantity,
            price: toYuan(item.priceFen),
            amount: toYuan(priced.combinationItems?.[i]?.amountFen ?? 0),
          })),
        }
      : null,
    goods_manjian_id: priced.fullReductionId ?? 0,
    amount: toYuan(priced.amountFen),
    subtotal: toYuan(priced.subtotalFen),
    reduction_share: toYuan(priced.reductionShareFen),
    ladder_tier: priced.ladder.tier
      ? { number: priced.ladder.tier.quantity, price: toYuan(priced.ladder.tier.priceFen) }
      : null,
    next_ladder: priced.ladder.next
      ? {
          number: priced.ladder.next.quantity,
          more: priced.ladder.next.more,
          price: toYuan(priced.ladder.next.unitPriceFen),
        }
      : null,
    min: bounds.min,
    max: Number.isFinite(bounds.max) ? bounds.max : 2_147_483_647,
    step: bounds.step,
    unselected_reason: priced.unselectedReason,
    unselected_text: priced.unselectedReason ? unselectedReasonLabels[priced.unselectedReason] : null,
    quantity_messages: [...priced.quantityMessages],
    single_free_shipping: priced.singleItemFreeShipping,
    scope_message: goodsEligibility(viewer, eligibilityGoodsOf(ctx)).scope?.short ?? null,
  };
}

export const wireHint = (hint: NextHint) => ({
  kind: hint.kind,
  gap: toYuan(hint.gapFen),
  reduction: hint.kind === 'full_reduction' ? toYuan(hint.reductionFen) : null,
  text: hint.text,
});

/** `noTransOrderAmountFen`: the store's paid, unshipped orders (count towards free shipping). */
export function priceContexts(
  contexts: LineContext[],
  promotions: CartPromotions,
  selectedIds?: Set<number>,
  noTransOrderAmountFen = 0,
) {
  const inputs = contexts.map((ctx) =>
    engineLine(ctx, selectedIds ? selectedIds.has(ctx.row.id) : undefined),
  );
  return priceCart(inputs, {
    promotions: promotions.promotions,
    shipping: promotions.shipping
      ? { thresholdFen: promotions.shipping.thresholdFen, noTransOrderAmountFen }
      : null,
  });
}

/** The activity the cart's 满减 bar shows (PricedCart.leadingActivityId), or null. */
export const leadingActivity = (cart: PricedCart) =>
  cart.activities.find((a) => a.id === cart.leadingActivityId) ?? null;

export function wireSummary(cart: PricedCart, promotions: CartPromotions) {
  const feeFen = cart.freeShipping.feeApplies ? (promotions.shipping?.feeFen ?? 0) : 0;
  return {
    line_count: cart.lineCount,
    selectable_count: cart.selectableCount,
    selected_count: cart.selectedCount,
    selected_quantity: cart.selectedQuantity,
    all_selected: cart.allSelected,
    selected_total: toYuan(cart.selectedTotalFen),
    eligible_amount: toYuan(cart.eligibleAmountFen),
    reduction: toYuan(cart.fullReductionFen),
    payable: toYuan(cart.payableFen),
    free_shipping_gap: toYuan(cart.freeShipping.gapFen),
    shipping_fee: toYuan(feeFen),
    fee_applies: cart.freeShipping.feeApplies,
  };
}

export function wireLines(contexts: LineContext[], cart: PricedCart, viewer: BuyerEligibility): CartLine[] {
  const lines = contexts.map((ctx, i) => wireLine(ctx, cart.lines[i], viewer));
  return viewer.price ? lines.map(withoutPrices) : lines;
}

/**
 * The cart state of spec section 3, every figure from the engine; when the eligibility rule
 * hides prices from the buyer, every price-revealing figure is null and price_tip says why.
 */
export function cartStateOf(
  contexts: LineContext[],
  promotions: CartPromotions,
  viewer: BuyerEligibility,
  action: string,
  filters = CART_FILTER_ALL,
  noTransOrderAmountFen = 0,
): CartState {
  const cart = priceContexts(contexts, promotions, undefined, noTransOrderAmountFen);
  const summary = wireSummary(cart, promotions);
  const leading = leadingActivity(cart);
  const warehouses = new Map<number, { id: number; name: string; count: number }>();
  for (const { row } of contexts) {
    const w = warehouses.get(row.warehouseId) ?? { id: row.warehouseId, name: row.warehouseName, count: 0 };
    w.count++;
    warehouses.set(row.warehouseId, w);
  }
  const all = filters === CART_FILTER_ALL || filters === 0;
  const lines = wireLines(contexts, cart, viewer).filter((line) => all || line.ck_id === filters);
  const state: CartState = {
    action,
    price_visibility: priceVisibilityOf(viewer),
    price_tip: viewer.price?.message ?? '',
    data: lines,
    shipping_data: {
      shipping_amount: toYuan(promotions.shipping?.thresholdFen ?? 0),
      no_trans_order_amount: toYuan(noTransOrderAmountFen),
      shipping_fee: toYuan(promotions.shipping?.feeFen ?? 0),
      gap: summary.free_shipping_gap,
    },
    activity_data: {
      manjians: leading
        ? {
            id: leading.id,
            name: leading.name,
            manjians: cart.fullReductionTiers.map((t) => ({
              amount: toYuan(t.amountFen),
              reduction: toYuan(t.reductionFen),
              status: t.status,
              gap: toYuan(t.gapFen),
            })),
          }
        : null,
      activities: cart.activities
        .filter((a) => cart.lines.some((l) => l.fullReductionId === a.id))
        .map((a) => ({ id: a.id, name: a.name })),
    },
    filter_data: { filters, warehouses: [...warehouses.values()] },
    summary,
    hints: cart.hints.map(wireHint),
  };
  if (!viewer.price) return state;
  return {
    ...state,
    shipping_data: { ...state.shipping_data, gap: null },
    activity_data: { ...state.activity_data, manjians: null },
    summary: {
      ...summary,
      selected_total: null,
      eligible_amount: null,
      reduction: null,
      payable: null,
      free_shipping_gap: null,
    },
    hints: [],
  };
}
