import { beijingDateOf, cartAddLine, type PricedLine, prorate } from '@yaocai/domain';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rawRows, selectList, statement } from '../../db/raw';
import {
  type AddressSnapshot,
  addresses,
  type InvoiceInfo,
  orderLines,
  orders,
  shipments,
} from '../../db/schema/order';
import type { BuyerCtx } from '../../lib/context';
import { raiseDomainEvent } from '../../lib/domain-events';
import { notFound, refusal } from '../../lib/errors';
import { addLines, cartPromotions } from '../cart/service';
import { assertEphedrinePeriod } from '../compliance/ephedrine';
import { createCheckoutInvoice } from '../invoice/service';
import { notify } from '../message/service';
import { closeOpenTrades, releaseTransfer, transferHoldsOrder } from '../payment/service';
import { movePoints } from '../points/ledger';
import { orderPromotionRows } from '../promotion/activities';
import { consumeCoupon, giveBackCoupon } from '../promotion/service';
import { releaseSpecials, reserveSpecials, SPIKE_CODE } from '../promotion/specials';
import { type Checkout, type CheckoutLine, type CheckoutRequest, loadCheckout } from './checkout';
import type { Actor } from './events';
import { type NewOrderLine, insertOrder as writeOrder } from './inserts';
import { loadOrderSettings, type OrderSettings } from './settings';
import { lockOrder, transition } from './state';
import { lineDemands, moveStock, reserveOrderStock } from './stock';

export interface CreateOrderInput extends CheckoutRequest {
  addressId?: number;
  remarks?: string;
  papers?: string[];
  invoice?: InvoiceInfo | null;
}

const addressColumns = {
  consignee: addresses.consignee,
  phone: addresses.phone,
  province: addresses.province,
  city: addresses.city,
  district: addresses.district,
  detail: addresses.detail,
};
const addressById = statement(
  'order_address_by_id',
  sql`select ${selectList(addressColumns)} from ${addresses}
    where ${addresses.id} = ${sql.placeholder('id')} and ${addresses.userId} = ${sql.placeholder('userId')}`,
);
const defaultAddress = statement(
  'order_address_default',
  sql`select ${selectList(addressColumns)} from ${addresses} where ${addresses.userId} = ${sql.placeholder('userId')}
    order by ${addresses.isDefault} desc, ${addresses.id} desc limit 1`,
);

/**
 * The buyer's address (404 for another store's), or the default one when no id is given. Read
 * on every order creation: prepared statements (db/raw.ts).
 */
export async function resolveAddress(
  db: DbOrTx,
  userId: number,
  addressId?: number,
): Promise<AddressSnapshot> {
  const [row] = addressId
    ? await rawRows<AddressSnapshot>(db, addressById, [addressId, userId])
    : await rawRows<AddressSnapshot>(db, defaultAddress, [userId]);
  if (!row) throw addressId ? notFound('收货地址不存在') : refusal('请先添加收货地址');
  const { consignee, phone, province, city, district, detail } = row;
  return { consignee, phone, province, city, district, detail };
}

/** The date part of an order number: yyyymmdd of the Beijing date (see insertOrderRow). */
const orderDateNo = (now: Date) => beijingDateOf(now).replaceAll('-', '');

const orderByKey = statement(
  'order_by_key',
  sql`select ${orders.id} as "id" from ${orders}
    where ${orders.userId} = ${sql.placeholder('userId')} and ${orders.idempotencyKey} = ${sql.placeholder('key')}`,
);

async function findByKey(db: DbOrTx, userId: number, key: string) {
  const [row] = await rawRows<{ id: number }>(db, orderByKey, [userId, key]);
  return row;
}

/**
 * Creates an order in one transaction: re-prices every line, reserves stock, consumes the
 * coupon and points, writes the order, its lines and the first event, and removes the lines
 * from the cart. The same idempotency key returns the same order (also when two requests race:
 * the unique index makes the second wait, then find the first).
 */
export async function createOrder(ctx: BuyerCtx, input: CreateOrderInput, key: string) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  // Everything that need not be read under the transaction is read and judged first, in
  // parallel on the pool: the key, the settings, the promotions (cached), the address, the buyer
  // and the priced lines. The transaction then only writes, and every write re-checks what it
  // depends on under its row lock (stock never below zero, the coupon still unused, enough
  // points, the cart lines still there), so a reading that went stale refuses instead of
  // overselling. The lines are read beside the key, not after it (one round trip less for every
  // new order; a repeated key reads them in vain). The address's refusal is awaited after the
  // lines have been judged, so the buyer hears of those first.
  const address = resolveAddress(db, userId, input.addressId);
  address.catch(() => {}); // awaited (and its refusal thrown) below
  const settings = Promise.all([loadOrderSettings(db), cartPromotions(db, ctx.now)]);
  const checkout = settings.then(([config, promotions]) => loadCheckout(ctx, input, config, promotions));
  checkout.catch(() => {}); // awaited (and its refusal thrown) below, unless the key is known
  const known = await findByKey(db, userId, key);
  if (known) return { id: known.id, created: false };
  try {
    const [config] = await settings;
    return await insertOrder(ctx, input, key, config, await checkout, await address);
  } catch (error) {
    // The same key raced in from another tab or server process and won (it took the cart lines
    // first, so this one found them gone or lost the insert): its order.
    const won = await findByKey(db, userId, key);
    if (won) return { id: won.id, created: false };
    throw error;
  }
}

async function insertOrder(
  ctx: BuyerCtx,
  input: CreateOrderInput,
  key: string,
  config: OrderSettings,
  checkout: Checkout,
  snapshot: AddressSnapshot,
) {
  const { db, now } = ctx;
  const { userId } = ctx.actor;
  const { total } = checkout;
  const priced = new Map(checkout.cart.lines.map((l) => [l.id, l]));
  const lines = checkout.lines.flatMap((l) => {
    const p = priced.get(l.cartId);
    if (!p) throw new Error('priced line missing');
    return orderLinesOf(l, p);
  });
  return db.transaction(async (tx) => {
    // 含麻: the company's units in the period, counted under its row lock (two stores at once).
    await assertEphedrinePeriod(
      tx,
      now,
      checkout.companyId,
      checkout.ephedrineUnits,
      config.ephedrinePeriod,
      true,
    );
    const inserted = await writeOrder(
      tx,
      {
        dateNo: orderDateNo(now),
        userId,
        companyId: checkout.companyId,
        goodsFen: total.goodsFen,
        fullReductionFen: total.fullReductionFen,
        couponFen: total.couponFen,
        pointsUsed: total.pointsUsed,
        pointsFen: total.pointsFen,
        shippingFen: total.shippingFeeFen,
        totalFen: total.totalFen,
        userCouponId: total.couponFen > 0 ? checkout.userCouponId : null,
        address: snapshot,
        invoice: input.invoice ?? null,
        remarks: input.remarks ?? '',
        papers: [...new Set(input.papers ?? [])],
        idempotencyKey: key,
        expiresAt: new Date(now.getTime() + config.expireMinutes * 60_000),
        ephedrine: checkout.ephedrine,
        receiptStatus: checkout.ephedrine ? 'awaiting_upload' : 'none',
      },
      lines,
      {
        actorType: 'buyer',
        actorId: userId,
        event: 'create',
        from: null,
        to: 'pending_payment',
        note: '提交订单',
      },
      orderPromotionRows(checkout.cart.lines),
      // Taking the cart lines serialises two tabs submitting the same lines with different keys.
      input.ids,
    );
    if (!inserted) {
      const existing = await findByKey(tx, userId, key);
      if (!existing) throw refusal('订单提交中，请稍候');
      return { id: existing.id, created: false };
    }
    const { id } = inserted;
    if (inserted.cartLinesTaken !== checkout.lines.length)
      throw refusal('购物车已变化，请刷新后重新结算', 409);
    const order = { orderId: id, userId };
    // The store's own rows first (its coupon, its points: the buyer's user row), in the order
    // closeUnpaid gives them back, so an order and a cancel never wait on each other crosswise.
    if (total.couponFen > 0 && checkout.userCouponId)
      await consumeCoupon(tx, { userId, userCouponId: checkout.userCouponId, orderId: id }, now);
    if (total.pointsUsed > 0) await movePoints(tx, userId, -total.pointsUsed, '订单抵扣', id);
    if (input.invoice) await createCheckoutInvoice(tx, { id, userId }, input.invoice, now);
    // Then, as one statement, the rows other buyers contend for: the stock (a package takes each
    // of its goods' quantity per set x sets from the package's warehouse) and the flash-sale
    // units, locked as late as the order can (goods rows in id order, see reserveOrderStock).
    await reserveOrderStock(tx, order, checkout.lines.flatMap(lineDemands), checkout.cart.lines, now);
    // Daily-special and welfare units after the goods rows, as closeUnpaid releases them: each
    // source takes what the lines priced, or refuses.
    await reserveSpecials(tx, order, checkout.cart.lines, now, [SPIKE_CODE]);
    return { id, created: true };
  });
}

/**
 * One order line per goods: a package becomes one line per goods it holds, named after the
 * package, each with its share of the package amount (the engine's split) and of the line's
 * reduction and payable, so stock release and after-sales work per goods as for single goods.
 * Each gift or 换购 goods the line earned follows as a line of its own (kind gift/add_on) at the
 * rule's price; the engine counted it in the line's payable, so the goods' part is the rest and
 * the lines still add up to the engine's payable.
 */
/** What the line shows of its line-level promotion: 秒杀, or 每日特价 2盒 when only part was. */
function promotionLabelOf(p: PricedLine, unit: string): string | null {
  if (!p.special || p.special.units <= 0) return null;
  return p.special.units >= p.quantity ? p.special.label : `${p.special.label} ${p.special.units}${unit}`;
}

function orderLinesOf(l: CheckoutLine, p: PricedLine): NewOrderLine[] {
  const gifts = l.gifts.map((g) => {
    const amountFen = g.unitPriceFen * g.quantity;
    return {
      kind: g.kind,
      goodsId: g.goodsId,
      warehouseId: l.warehouseId,
      warehouseName: l.warehouseName,
      goodsName: g.name,
      spec: g.spec,
      manufacturer: g.manufacturer,
      unit: g.unit,
      image: g.image,
      ephedrine: g.ephedrine,
      quantity: g.quantity,
      unitPriceFen: g.unitPriceFen,
      amountFen,
      reductionFen: 0,
      payableFen: amountFen,
    };
  });
  const giftFen = gifts.reduce((s, g) => s + g.amountFen, 0);
  const base = {
    kind: 'goods',
    goodsId: l.goodsId,
    warehouseId: l.warehouseId,
    warehouseName: l.warehouseName,
    goodsName: l.name,
    spec: l.spec,
    manufacturer: l.manufacturer,
    unit: l.unit,
    image: l.image,
    ephedrine: l.ephedrine,
    quantity: l.quantity,
    unitPriceFen: p.unitPriceFen,
    amountFen: p.amountFen,
    reductionFen: p.lineReductionFen + p.reductionShareFen,
    payableFen: p.payableFen - giftFen,
    promotionLabel: promotionLabelOf(p, l.unit),
  };
  const combo = l.combination;
  if (!combo) return [base, ...gifts];
  const amounts = combo.items.map((_, i) => p.combinationItems?.[i]?.amountFen ?? 0);
  const weights = amounts.map((a, i) => ({ id: i, weight: a }));
  const reductions = prorate(base.reductionFen, weights);
  const payables = prorate(base.payableFen, weights);
  const items = combo.items.map((item, i) => {
    const quantity = item.quantity * l.quantity;
    return {
      ...base,
      goodsId: item.goodsId,
      goodsName: `${item.name}（${combo.name}）`,
      spec: item.spec,
      ephedrine: item.ephedrine,
      unit: base.unit === '套' ? '件' : base.unit,
      quantity,
      unitPriceFen: Math.round(amounts[i] / quantity),
      amountFen: amounts[i],
      reductionFen: reductions[i] ?? 0,
      payableFen: payables[i] ?? 0,
    };
  });
  return [...items, ...gifts];
}

/**
 * Cancels an unpaid order (buyer cancel or expiry) and gives back its stock, coupon and points,
 * all in the caller's transaction.
 */
export async function closeUnpaid(
  tx: DbOrTx,
  order: typeof orders.$inferSelect,
  event: 'cancel' | 'expire',
  actor: Actor,
  now: Date,
) {
  if (order.status !== 'pending_payment')
    throw refusal(order.status === 'cancelled' ? '订单已取消' : '订单已支付，不能取消');
  // A bank receipt waiting for 财务 refuses; money that arrived by transfer becomes a refund to-do.
  await releaseTransfer(tx, order, 'cancel');
  // The QR code may still be on the payer's screen: its trade closes first, so it cannot pay.
  await closeOpenTrades(tx, order.id, now);
  await transition(tx, order, event, actor, event === 'expire' ? '超时未支付，系统自动取消' : '买家取消订单');
  const lines = await tx
    .select({
      goodsId: orderLines.goodsId,
      warehouseId: orderLines.warehouseId,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  // The store's own rows (coupon, points) before the goods rows, in createOrder's order.
  if (order.userCouponId) await giveBackCoupon(tx, { id: order.id, userCouponId: order.userCouponId }, now);
  if (order.pointsUsed > 0) await movePoints(tx, order.userId, order.pointsUsed, '订单取消退回', order.id);
  await moveStock(tx, lines, 'release');
  await releaseSpecials(tx, order.id);
  if (event === 'expire')
    await notify(
      tx,
      {
        userId: order.userId,
        category: 'order',
        title: '订单已自动取消',
        body: `您的订单${order.orderNo}超时未支付，已自动取消，库存、优惠券和积分已退回。`,
        link: `/order/info/${order.id}`,
      },
      now,
    );
}

export async function cancelOrder(db: Db, userId: number, orderId: number, now: Date) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    await closeUnpaid(tx, order, 'cancel', { type: 'buyer', id: userId, at: now }, now);
  });
}

/** Cancels every unpaid order past its expiry, one transaction per order. Returns how many. */
export async function sweepExpiredOrders(db: Db, now: Date, limit = 200): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lt(orders.expiresAt, now)))
    .limit(limit);
  let closed = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (order.status !== 'pending_payment' || order.expiresAt > now) return;
      // A bank receipt waiting for 财务, or part of a transfer arrived: the order waits for 财务.
      if (await transferHoldsOrder(tx, order.id)) return;
      await closeUnpaid(tx, order, 'expire', { type: 'system', at: now }, now);
      closed++;
    });
  }
  return closed;
}

/**
 * Receives shipped orders their store has not confirmed (自动确认收货), the configured number of
 * days after shipping: each in its own transaction, with the store's "delivered" message.
 * Returns how many.
 */
export async function sweepDeliveredOrders(db: Db, now: Date, limit = 200): Promise<number> {
  const { autoConfirmDays } = await loadOrderSettings(db);
  const due = await db
    .selectDistinct({ id: orders.id })
    .from(orders)
    .innerJoin(shipments, eq(shipments.orderId, orders.id))
    .where(
      and(
        eq(orders.status, 'shipped'),
        lt(shipments.shippedAt, new Date(now.getTime() - autoConfirmDays * 86_400_000)),
      ),
    )
    .limit(limit);
  let received = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (order.status !== 'shipped') return;
      await transition(
        tx,
        order,
        'confirm_delivery',
        { type: 'system', at: now },
        `发货${autoConfirmDays}天后系统自动确认收货`,
      );
      await raiseReceived(tx, order);
      await notify(
        tx,
        {
          userId: order.userId,
          category: 'order',
          title: '订单已送达',
          body: `您的订单${order.orderNo}已发货${autoConfirmDays}天，系统已自动确认收货。如有问题，可在订单详情申请售后。`,
          link: `/order/info/${order.id}`,
        },
        now,
      );
      received++;
    });
  }
  return received;
}

export async function confirmReceipt(db: Db, userId: number, orderId: number, now: Date) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    await transition(tx, order, 'confirm_delivery', { type: 'buyer', id: userId, at: now }, '买家确认收货');
    await raiseReceived(tx, order);
  });
}

/**
 * Tells the modules that act on a received order (points, 满返: modules/subscriptions.ts), in
 * this transaction, with the order's lines.
 */
async function raiseReceived(tx: DbOrTx, order: typeof orders.$inferSelect) {
  const lines = await tx
    .select({ goodsId: orderLines.goodsId, kind: orderLines.kind, payableFen: orderLines.payableFen })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  await raiseDomainEvent(tx, 'order.received', { order, lines });
}

/**
 * Buy again: puts the order's lines back into the cart through the cart module, so they merge,
 * and are checked (purchasable, stock, minimum and step), like any other add.
 */
export async function buyAgain(ctx: BuyerCtx, orderId: number) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound('订单不存在');
  // Gift and 换购 lines come back by themselves when their goods are bought again.
  const lines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, 'goods')));
  await addLines(
    ctx,
    lines.map((line) =>
      cartAddLine.parse({ goods_id: line.goodsId, number: line.quantity, ck_id: line.warehouseId }),
    ),
  );
  return { added: lines.length };
}

/**
 * What the goods lines of these (order, goods) pairs were paid, for orders not cancelled: the
 * promotion module's per-activity sales. Returns fen and distinct orders.
 */
export async function goodsLineSales(
  db: DbOrTx,
  pairs: readonly { orderId: number; goodsId: number }[],
): Promise<{ amountFen: number; orders: number }> {
  if (pairs.length === 0) return { amountFen: 0, orders: 0 };
  const rows = await db
    .select({ orderId: orderLines.orderId, goodsId: orderLines.goodsId, payableFen: orderLines.payableFen })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        inArray(orderLines.orderId, [...new Set(pairs.map((p) => p.orderId))]),
        eq(orderLines.kind, 'goods'),
        ne(orders.status, 'cancelled'),
      ),
    );
  const wanted = new Set(pairs.map((p) => `${p.orderId}:${p.goodsId}`));
  const hit = rows.filter((r) => wanted.has(`${r.orderId}:${r.goodsId}`));
  return {
    amountFen: hit.reduce((s, r) => s + r.payableFen, 0),
    orders: new Set(hit.map((r) => r.orderId)).size,
  };
}
