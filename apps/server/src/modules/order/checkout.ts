import {
  CART_LINE_TYPE,
  ephedrineUnits,
  goodsEligibility,
  type OrderLineKind,
  type OrderTotal,
  orderLineKindLabels,
  orderLineKindOfGift,
  orderTotal,
  type PointsRule,
  type PricedCart,
  pointsDeduction,
} from '@yaocai/domain';
import type { DbOrTx } from '../../db/client';
import type { BuyerCtx } from '../../lib/context';
import { eligibilityOf, refusalError } from '../../lib/eligibility';
import { notFound, refusal } from '../../lib/errors';
import { pointsBalance } from '../account/points-balance';
import {
  type CartPromotions,
  eligibilityGoodsOf,
  priceSelectedLines,
  type SelectedLines,
} from '../cart/service';
import { coverageFactsOf } from '../catalog/coverage';
import { assertEphedrinePeriod } from '../compliance/ephedrine';
import { heldCoupon, needsFacts } from '../promotion/service';
import type { OrderSettings } from './settings';
import { lineDemands } from './stock';

export interface CheckoutLine {
  cartId: number;
  goodsId: number;
  warehouseId: number;
  warehouseName: string;
  name: string;
  spec: string;
  manufacturer: string;
  unit: string;
  image: string | null;
  ephedrine: boolean;
  quantity: number;
  /** Units (a package: sets) the line may take. */
  stock: number;
  /** A combination package line: its goods and each one's quantity per set. */
  combination: {
    id: number;
    name: string;
    items: { goodsId: number; name: string; spec: string; quantity: number; ephedrine: boolean }[];
  } | null;
  /** Gifts (赠品) and 换购 goods the line earns; each becomes an order line of its own. */
  gifts: CheckoutGift[];
}

export interface CheckoutGift {
  kind: OrderLineKind;
  goodsId: number;
  name: string;
  spec: string;
  manufacturer: string;
  unit: string;
  image: string | null;
  ephedrine: boolean;
  quantity: number;
  /** The gift rule's price: 0 for a free gift, the 换购 price otherwise. */
  unitPriceFen: number;
}

export interface Checkout {
  userId: number;
  companyId: number;
  pointsBalance: number;
  lines: CheckoutLine[];
  cart: PricedCart;
  total: OrderTotal;
  /** The store's paid, unshipped orders, counted towards free shipping (no_trans_order_amount). */
  unshippedOrderFen: number;
  maxPoints: number;
  /** The points rule of the settings (shown at step 2). */
  pointsRule: PointsRule;
  userCouponId: number | null;
  ephedrine: boolean;
  /** 含麻 units the order takes (packages and gifts counted). */
  ephedrineUnits: number;
}

/**
 * Refuses a buyer who may not order with the eligibility rule's message (the same the cart's
 * checkout gives: qualifications, expiry, disabled; 459 for the contract); answers the points the
 * order may spend (account's pointsBalance), read on every verify and order creation.
 */
export async function assertBuyerMayOrder(ctx: BuyerCtx, db: DbOrTx = ctx.db) {
  const refused = eligibilityOf(ctx).buy;
  if (refused) throw refusalError(refused);
  const points = await pointsBalance(db, ctx.actor.userId);
  if (points === undefined) throw notFound('账号不存在');
  return { companyId: ctx.actor.companyId, points };
}

export interface CheckoutRequest {
  ids: number[];
  userCouponId?: number | null;
  points?: number;
}

/**
 * Loads the selected cart lines and prices them on the server: the buyer's checks, business
 * scope, purchasability, quantity rules, ephedrine limit, coupon and points. Throws the
 * refusal the buyer sees. Nothing is changed.
 */
export async function loadCheckout(
  ctx: BuyerCtx,
  request: CheckoutRequest,
  config: OrderSettings,
  /** Promotions loaded before a transaction (cartPromotions(pool)); else read through `db`. */
  promotions?: CartPromotions,
): Promise<Checkout> {
  const { db } = ctx;
  const { userId } = ctx.actor;
  // The buyer check and the lines' pricing run side by side; a refused buyer is told first.
  const buyerCheck = assertBuyerMayOrder(ctx);
  buyerCheck.catch(() => {}); // awaited below, before or instead of the lines' refusal
  const selected = await priceSelectedLines(db, userId, request.ids, {
    shippingFallback: config.shipping,
    promotions,
    now: ctx.now,
  }).catch(async (error: unknown) => {
    await buyerCheck;
    throw error;
  });
  const buyer = await buyerCheck;
  const { contexts, otherGoods } = selected;
  const viewer = eligibilityOf(ctx);
  // A line's withCoupon (not 含麻) decides whether it may take a coupon, as it decided its
  // full-reduction: 含麻 goods take neither.
  const { cart } = selected;
  const priced = new Map(cart.lines.map((l) => [l.id, l]));
  const lines: CheckoutLine[] = [];
  for (const line of contexts) {
    const { row, combination } = line;
    const name = combination?.name ?? row.name;
    if (row.type === CART_LINE_TYPE.combination && !combination)
      throw refusal(`「${name}」所在的组合套餐已下架`);
    // The eligibility rule's goods refusal, as the cart's checkout words it; short stock is told
    // with the quantity left below.
    const refused = goodsEligibility(viewer, eligibilityGoodsOf(line)).buy;
    if (refused) throw refusalError(refused);
    const unit = combination ? '套' : row.unit;
    if (row.quantity > line.stock) throw refusal(`「${name}」库存不足，仅剩${line.stock}${unit}`);
    const p = priced.get(row.id);
    if (p?.quantityMessages.length) throw refusal(`「${name}」${p.quantityMessages[0]}`);
    if (p && !p.selected) throw refusal(`「${name}」暂不可购买`);
    const gifts = line.gifts.map(({ rule, units }): CheckoutGift => {
      const g = otherGoods.get(rule.giftGoodsId);
      const kind = orderLineKindOfGift(rule.type);
      // A gift is delivered goods: it must be within the buyer's business scope too.
      const outside = goodsEligibility(viewer, {
        name: rule.giftGoodsName,
        scopeClass: g?.scopeClass ?? '',
        rxClass: g?.rxClass ?? 'none',
        onSale: true,
        purchasable: true,
        stock: 1,
      }).scope;
      if (outside) throw refusal(`${orderLineKindLabels[kind]}${outside.message}`, 403);
      return {
        kind,
        goodsId: rule.giftGoodsId,
        name: rule.giftGoodsName,
        spec: g?.spec ?? '',
        manufacturer: g?.manufacturer ?? '',
        unit: g?.unit ?? '',
        image: g?.image ?? null,
        ephedrine: g?.ephedrine ?? false,
        quantity: units,
        unitPriceFen: rule.priceFen,
      };
    });
    lines.push({
      cartId: row.id,
      goodsId: row.goodsId,
      warehouseId: row.warehouseId,
      warehouseName: row.warehouseName,
      name,
      spec: combination ? combination.items.map((i) => `${i.name}×${i.quantity}`).join(' + ') : row.spec,
      manufacturer: row.manufacturer,
      unit,
      image: row.image,
      ephedrine: row.ephedrine,
      quantity: row.quantity,
      stock: line.stock,
      combination: combination
        ? {
            id: combination.id,
            name: combination.name,
            items: combination.items.map((i) => ({
              goodsId: i.goodsId,
              name: i.name,
              spec: i.spec,
              quantity: i.quantity,
              ephedrine: otherGoods.get(i.goodsId)?.ephedrine ?? false,
            })),
          }
        : null,
      gifts,
    });
  }
  assertGiftStock(lines, otherGoods);
  const ephedrine = ephedrineUnits(
    lines.map((l) => ({
      quantity: l.quantity,
      ephedrine: l.ephedrine,
      items: l.combination?.items,
      gifts: l.gifts,
    })),
  );
  if (ephedrine > config.ephedrineLimit)
    throw refusal(`含麻黄碱类复方制剂每单限购${config.ephedrineLimit}件，当前${ephedrine}件`);
  // The company's period limit, told at step 2; the order's transaction counts again under a lock.
  await assertEphedrinePeriod(db, ctx.now, buyer.companyId, ephedrine, config.ephedrinePeriod);
  // Warehouse groups on the verify page: lines by warehouse, then in cart order.
  lines.sort((a, b) => a.warehouseId - b.warehouseId || a.cartId - b.cartId);

  const coupon = request.userCouponId ? await heldCoupon(db, userId, request.userCouponId) : null;
  // Category and brand facts of the lines, in one go, when the coupon is limited to some goods.
  const coverageFacts =
    coupon && needsFacts(coupon)
      ? await coverageFactsOf(
          db,
          cart.lines.map((l) => Number(l.goodsId)),
        )
      : undefined;
  const nowSeconds = Math.floor(ctx.now.getTime() / 1000);
  const total = orderTotal(cart, {
    coupon,
    coverageFacts,
    nowSeconds,
    points: request.points ? { balance: buyer.points, requested: request.points, rule: config.points } : null,
    shippingFeeFen: config.shipping.feeFen,
  });
  if (total.coupon && !total.coupon.applicable) throw refusal(`优惠券${total.coupon.message}`);
  const maxPoints = pointsDeduction({
    baseFen: total.goodsFen - total.fullReductionFen - total.couponFen,
    balance: buyer.points,
    rule: config.points,
  }).maxPoints;
  return {
    userId,
    companyId: buyer.companyId,
    pointsBalance: buyer.points,
    lines,
    cart,
    total,
    unshippedOrderFen: selected.unshippedOrderFen,
    maxPoints,
    pointsRule: config.points,
    userCouponId: coupon ? Number(coupon.id) : null,
    ephedrine: ephedrine > 0,
    ephedrineUnits: ephedrine,
  };
}

/**
 * A gift or 换购 goods short of stock in the line's warehouse refuses the order by its name:
 * the cart priced the line with its gifts, so the order delivers them or is not placed.
 * Counts everything the order takes of that goods there (it may also be bought or be in a
 * package). Creating checks again under the row lock (moveStock).
 */
function assertGiftStock(lines: CheckoutLine[], otherGoods: SelectedLines['otherGoods']) {
  const taken = new Map<string, number>();
  for (const d of lines.flatMap(lineDemands)) {
    const key = `${d.goodsId}:${d.warehouseId}`;
    taken.set(key, (taken.get(key) ?? 0) + d.quantity);
  }
  for (const line of lines) {
    for (const gift of line.gifts) {
      const stock = otherGoods.get(gift.goodsId)?.stock.get(line.warehouseId) ?? 0;
      if ((taken.get(`${gift.goodsId}:${line.warehouseId}`) ?? 0) > stock)
        throw refusal(
          `${orderLineKindLabels[gift.kind]}「${gift.name}」库存不足，仅剩${stock}${gift.unit}，请调整数量或联系客服`,
        );
    }
  }
}
