import {
  type CartLineInput,
  type Coupon,
  type OrderTotal,
  orderTotal,
  type PricedCart,
  pointsDeduction,
  priceCart,
  scopeClassName,
} from '@yaocai/domain';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  cartItems,
  companies,
  coupons,
  goods,
  goodsStock,
  manjianActivities,
  qualifications,
  userCoupons,
  users,
  warehouses,
} from '../../db/schema';
import { contractNotSigned, notFound, refusal } from '../../lib/errors';
import type { OrderSettings } from './settings';

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
  stock: number;
}

export interface Checkout {
  userId: number;
  companyId: number;
  pointsBalance: number;
  lines: CheckoutLine[];
  cart: PricedCart;
  total: OrderTotal;
  maxPoints: number;
  userCouponId: number | null;
  ephedrine: boolean;
}

/** The buyer may check out: approved, not expired qualifications, signed contract. */
export async function assertBuyerMayOrder(db: DbOrTx, userId: number) {
  const [buyer] = await db
    .select({
      userId: users.id,
      companyId: users.companyId,
      points: users.points,
      status: companies.qualificationStatus,
      contractSignedAt: companies.contractSignedAt,
      scope: companies.businessScope,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!buyer) throw notFound('账号不存在');
  if (buyer.status !== 'approved') throw refusal('您的资质尚未审核通过，暂不能下单', 403);
  const today = new Date().toISOString().slice(0, 10);
  const [expired] = await db
    .select({ kind: qualifications.kind, expiresOn: qualifications.expiresOn })
    .from(qualifications)
    .where(
      and(
        eq(qualifications.companyId, buyer.companyId),
        eq(qualifications.status, 'approved'),
        sql`${qualifications.expiresOn} < ${today}`,
      ),
    )
    .limit(1);
  if (expired) throw refusal(`您的资质证件已于${expired.expiresOn}过期，请更新后再下单`, 403);
  if (!buyer.contractSignedAt) throw contractNotSigned();
  return buyer;
}

async function loadLines(db: DbOrTx, userId: number, ids: number[]) {
  const rows = await db
    .select({
      cartId: cartItems.id,
      goodsId: goods.id,
      warehouseId: cartItems.warehouseId,
      warehouseName: warehouses.name,
      quantity: cartItems.quantity,
      name: goods.name,
      spec: goods.spec,
      manufacturer: goods.manufacturer,
      unit: goods.unit,
      image: goods.image,
      ephedrine: goods.ephedrine,
      scopeClass: goods.scopeClass,
      isBuy: goods.isBuy,
      isOnSale: goods.isOnSale,
      basePriceFen: goods.basePriceFen,
      ladderType: goods.ladderType,
      ladder: goods.ladder,
      minQuantity: goods.minQuantity,
      stepQuantity: goods.stepQuantity,
      freeShippingNumber: goods.freeShippingNumber,
      isFreeShipping: goods.isFreeShipping,
      stock: sql<number>`coalesce(${goodsStock.quantity}, 0)`,
      type: cartItems.type,
      combinationId: cartItems.combinationId,
    })
    .from(cartItems)
    .innerJoin(goods, eq(goods.id, cartItems.goodsId))
    .innerJoin(warehouses, eq(warehouses.id, cartItems.warehouseId))
    .leftJoin(
      goodsStock,
      and(eq(goodsStock.goodsId, cartItems.goodsId), eq(goodsStock.warehouseId, cartItems.warehouseId)),
    )
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, ids)))
    .orderBy(asc(cartItems.warehouseId), asc(cartItems.id));
  if (rows.length !== new Set(ids).size) throw notFound('购物车商品不存在或已结算');
  return rows;
}

async function loadCoupon(db: DbOrTx, userId: number, userCouponId: number): Promise<Coupon> {
  const [row] = await db
    .select({ uc: userCoupons, c: coupons })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(and(eq(userCoupons.id, userCouponId), eq(userCoupons.userId, userId)));
  if (!row) throw notFound('优惠券不存在');
  if (row.uc.status === 'used') throw refusal('优惠券已使用');
  if (row.uc.status === 'expired') throw refusal('优惠券已过期');
  if (row.c.remainingUses !== null && row.c.remainingUses <= 0) throw refusal('优惠券已被用完');
  return toDomainCoupon(row.uc.id, row.c);
}

export function toDomainCoupon(id: number, c: typeof coupons.$inferSelect): Coupon {
  const base = {
    id,
    name: c.name,
    thresholdFen: c.thresholdFen,
    startsAt: c.startsAt ? Math.floor(c.startsAt.getTime() / 1000) : undefined,
    expiresAt: c.expiresAt ? Math.floor(c.expiresAt.getTime() / 1000) : undefined,
  };
  if (c.kind === 'discount') return { ...base, kind: 'discount', ratePercent: c.ratePercent ?? 100 };
  if (c.kind === 'cash') return { ...base, kind: 'cash', amountFen: c.amountFen };
  return { ...base, kind: 'amount_off', amountFen: c.amountFen };
}

async function activeTiers(db: DbOrTx) {
  const now = new Date();
  const [activity] = await db
    .select({ tiers: manjianActivities.tiers })
    .from(manjianActivities)
    .where(
      and(
        eq(manjianActivities.isActive, true),
        lte(manjianActivities.startsAt, now),
        gte(manjianActivities.endsAt, now),
      ),
    )
    .orderBy(asc(manjianActivities.id))
    .limit(1);
  return activity?.tiers ?? [];
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
  db: DbOrTx,
  userId: number,
  request: CheckoutRequest,
  config: OrderSettings,
): Promise<Checkout> {
  const buyer = await assertBuyerMayOrder(db, userId);
  const rows = await loadLines(db, userId, request.ids);
  const scope = new Set(buyer.scope);
  let ephedrineUnits = 0;
  for (const row of rows) {
    // Combination packages are priced by the cart module's package rules, not wired here yet:
    // refuse rather than charge a package at single-goods prices.
    if (row.type !== 1 || row.combinationId !== 0)
      throw refusal(`「${row.name}」所在的组合套餐暂不支持在线结算，请联系客服下单`);
    if (!scope.has(row.scopeClass))
      throw refusal(`「${row.name}」属于${scopeClassName(row.scopeClass)}，不在您的经营范围内`, 403);
    if (!row.isBuy || !row.isOnSale) throw refusal(`「${row.name}」暂不可购买`);
    if (row.quantity > row.stock) throw refusal(`「${row.name}」库存不足，仅剩${row.stock}${row.unit}`);
    if (row.ephedrine) ephedrineUnits += row.quantity;
  }
  if (ephedrineUnits > config.ephedrineLimit)
    throw refusal(`含麻黄碱类复方制剂每单限购${config.ephedrineLimit}件，当前${ephedrineUnits}件`);

  const inputs: CartLineInput[] = rows.map((row) => ({
    id: row.cartId,
    goodsId: row.goodsId,
    quantity: row.quantity,
    selected: true,
    withCoupon: true,
    stock: row.stock,
    basePriceFen: row.basePriceFen,
    ladder: row.ladder.length ? { type: row.ladderType, tiers: row.ladder } : null,
    minQuantity: row.minQuantity,
    step: row.stepQuantity,
    freeShippingNumber: row.isFreeShipping ? 1 : row.freeShippingNumber || null,
  }));
  const cart = priceCart(inputs, {
    fullReductionTiers: await activeTiers(db),
    shipping: { thresholdFen: config.shipping.thresholdFen },
  });
  for (const line of cart.lines) {
    if (line.quantityMessages.length) {
      const row = rows.find((r) => r.cartId === line.id);
      throw refusal(`「${row?.name}」${line.quantityMessages[0]}`);
    }
  }
  const coupon = request.userCouponId ? await loadCoupon(db, userId, request.userCouponId) : null;
  const nowSeconds = Math.floor(Date.now() / 1000);
  const total = orderTotal(cart, {
    coupon,
    nowSeconds,
    points: request.points ? { balance: buyer.points, requested: request.points } : null,
    shippingFeeFen: config.shipping.feeFen,
  });
  if (total.coupon && !total.coupon.applicable) throw refusal(total.coupon.message);
  const maxPoints = pointsDeduction({
    baseFen: total.goodsFen - total.fullReductionFen - total.couponFen,
    balance: buyer.points,
  }).maxPoints;
  return {
    userId,
    companyId: buyer.companyId,
    pointsBalance: buyer.points,
    lines: rows.map(
      ({ scopeClass, isBuy, isOnSale, basePriceFen, ladder, ladderType, type, combinationId, ...rest }) =>
        rest,
    ),
    cart,
    total,
    maxPoints,
    userCouponId: coupon ? Number(coupon.id) : null,
    ephedrine: ephedrineUnits > 0,
  };
}
