import { and, asc, countDistinct, eq, gte, lt, ne, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { anyOf } from '../../db/raw';
import { orderLines, orders, shipments } from '../../db/schema/order';

// What compliance (GSP records, delivery notes, trace codes, 含麻 limits) reads of orders, their
// lines and shipments. The relations (`orderLineFacts`, `shipmentFacts`) are for reports that
// filter, sort and page across owners in one statement; they name the columns the order module
// promises.

/** Every order line with what papers show of its order, as a subquery (`order_line`) joined on `lineId`. */
export function orderLineFacts(db: DbOrTx) {
  return db
    .select({
      lineId: sql<number>`${orderLines.id}`.as('line_id'),
      orderId: orderLines.orderId,
      goodsId: orderLines.goodsId,
      goodsName: orderLines.goodsName,
      spec: orderLines.spec,
      manufacturer: orderLines.manufacturer,
      unit: orderLines.unit,
      unitPriceFen: orderLines.unitPriceFen,
      orderNo: orders.orderNo,
      address: orders.address,
      companyId: orders.companyId,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .as('order_line');
}

/** Every shipment's id and time, as a subquery (`shipment`) joined on `id`. */
export function shipmentFacts(db: DbOrTx) {
  return db.select({ id: shipments.id, shippedAt: shipments.shippedAt }).from(shipments).as('shipment');
}

/** The lines of an order in id order, with what shipping them needs. */
export function orderLinesOf(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: orderLines.id,
      goodsId: orderLines.goodsId,
      warehouseId: orderLines.warehouseId,
      goodsName: orderLines.goodsName,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}

/** The goods of a store's order (none when the order is another store's or missing). */
export async function orderGoodsIds(db: DbOrTx, orderId: number, userId: number): Promise<number[]> {
  const lines = await db
    .select({ goodsId: orderLines.goodsId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return [...new Set(lines.map((l) => l.goodsId))];
}

/** The numbers of these orders, by id (one statement). */
export async function orderNumbers(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, orderNo: orders.orderNo })
    .from(orders)
    .where(anyOf(orders.id, unique));
  return new Map(rows.map((r) => [r.id, r.orderNo]));
}

/** An order's first shipment, or undefined before it ships. */
export async function firstShipment(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(asc(shipments.id))
    .limit(1);
  return row;
}

/** 含麻 units a company ordered since `since` (orders not cancelled). */
export async function ephedrineUnitsSince(db: DbOrTx, companyId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orderLines.ephedrine, true),
        ne(orders.status, 'cancelled'),
        gte(orders.createdAt, since),
      ),
    );
  return row?.units ?? 0;
}

/**
 * 含麻 sales per buyer company of the orders created in [from, to) (not cancelled), most units
 * first, then by company id.
 */
export function ephedrineSalesByCompany(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({
      companyId: orders.companyId,
      orders: countDistinct(orders.id),
      units: sum(orderLines.quantity).mapWith(Number),
      amountFen: sum(orderLines.payableFen).mapWith(Number),
      first: sql<Date>`min(${orders.createdAt})`.mapWith((v) => new Date(v)),
      last: sql<Date>`max(${orders.createdAt})`.mapWith((v) => new Date(v)),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.ephedrine, true),
        ne(orders.status, 'cancelled'),
        gte(orders.createdAt, from),
        lt(orders.createdAt, to),
      ),
    )
    .groupBy(orders.companyId)
    .orderBy(sql`sum(${orderLines.quantity}) desc`, asc(orders.companyId));
}
