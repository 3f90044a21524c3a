import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { rawRowsNamed, statement } from '../../db/raw';
import {
  type AddressSnapshot,
  type InvoiceInfo,
  orderEvents,
  orderLines,
  orders,
} from '../../db/schema/order';
import { cartLinesTakenCte } from '../cart/service';
import type { NewOrderPromotion } from '../promotion/activities';
import { orderPromotionParams, orderPromotionsInsert } from '../promotion/order-promotions';

/**
 * The write of order creation as one prepared statement (db/raw.ts): the order row with its
 * number, its lines, its creation event and what it took from each promotion. Creating an order is the heaviest write of the
 * shop; building its 20-row insert through the ORM cost about a sixth of its server CPU, and
 * each statement is a round trip inside the transaction (see bench/RESULTS.md, order).
 */

/** A new order's row: everything but what the database assigns (id, status, timestamps). */
export interface NewOrder {
  /** yyyymmdd of the Beijing date: the order number is YC + it + the id, zero-padded to 6. */
  dateNo: string;
  userId: number;
  companyId: number;
  goodsFen: number;
  fullReductionFen: number;
  couponFen: number;
  pointsUsed: number;
  pointsFen: number;
  shippingFen: number;
  totalFen: number;
  userCouponId: number | null;
  address: AddressSnapshot;
  invoice: InvoiceInfo | null;
  remarks: string;
  papers: string[];
  idempotencyKey: string;
  expiresAt: Date;
  ephedrine: boolean;
  receiptStatus: string;
}

/** An order line as written at creation (orderLines' columns without id and order id). */
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'> & {
  kind: string;
  image: string | null;
  ephedrine: boolean;
  reductionFen: number;
};

export interface CreationEvent {
  actorType: string;
  actorId: number | null;
  event: string;
  from: string | null;
  to: string | null;
  note: string;
}

const name = (c: { name: string }) => sql.identifier(c.name);
const p = (placeholder: string) => sql.placeholder(placeholder);

/** Order columns with their parameter (the NewOrder field) and PostgreSQL type. */
const orderColumns = [
  [orders.userId, 'userId', 'int'],
  [orders.companyId, 'companyId', 'int'],
  [orders.goodsFen, 'goodsFen', 'int'],
  [orders.fullReductionFen, 'fullReductionFen', 'int'],
  [orders.couponFen, 'couponFen', 'int'],
  [orders.pointsUsed, 'pointsUsed', 'int'],
  [orders.pointsFen, 'pointsFen', 'int'],
  [orders.shippingFen, 'shippingFen', 'int'],
  [orders.totalFen, 'totalFen', 'int'],
  [orders.userCouponId, 'userCouponId', 'int'],
  [orders.address, 'address', 'jsonb'],
  [orders.invoice, 'invoice', 'jsonb'],
  [orders.remarks, 'remarks', 'text'],
  [orders.papers, 'papers', 'text[]'],
  [orders.idempotencyKey, 'idempotencyKey', 'text'],
  [orders.expiresAt, 'expiresAt', 'timestamptz'],
  [orders.ephedrine, 'ephedrine', 'boolean'],
  [orders.receiptStatus, 'receiptStatus', 'text'],
] as const satisfies readonly (readonly [unknown, keyof NewOrder, string])[];

/** Line columns, each an array parameter (`line_<field>`) of its PostgreSQL type. */
const lineColumns = [
  [orderLines.kind, 'kind', 'text'],
  [orderLines.goodsId, 'goodsId', 'int'],
  [orderLines.warehouseId, 'warehouseId', 'int'],
  [orderLines.warehouseName, 'warehouseName', 'text'],
  [orderLines.goodsName, 'goodsName', 'text'],
  [orderLines.spec, 'spec', 'text'],
  [orderLines.manufacturer, 'manufacturer', 'text'],
  [orderLines.unit, 'unit', 'text'],
  [orderLines.image, 'image', 'text'],
  [orderLines.ephedrine, 'ephedrine', 'boolean'],
  [orderLines.quantity, 'quantity', 'int'],
  [orderLines.unitPriceFen, 'unitPriceFen', 'int'],
  [orderLines.amountFen, 'amountFen', 'int'],
  [orderLines.reductionFen, 'reductionFen', 'int'],
  [orderLines.payableFen, 'payableFen', 'int'],
  [orderLines.promotionLabel, 'promotionLabel', 'text'],
] as const satisfies readonly (readonly [unknown, keyof NewOrderLine, string])[];

const eventColumns = [
  [orderEvents.actorType, 'actorType', 'text'],
  [orderEvents.actorId, 'actorId', 'int'],
  [orderEvents.event, 'event', 'text'],
  [orderEvents.fromStatus, 'from', 'text'],
  [orderEvents.toStatus, 'to', 'text'],
  [orderEvents.note, 'note', 'text'],
] as const satisfies readonly (readonly [unknown, keyof CreationEvent, string])[];

const typed = (placeholder: string, type: string) => sql`${p(placeholder)}::${sql.raw(type)}`;
const names = (columns: readonly (readonly [{ name: string }, ...unknown[]])[]) =>
  sql.join(
    columns.map(([c]) => name(c)),
    sql`, `,
  );

/**
 * The rows of a table that hang off the new order, one array parameter per column
 * (`<prefix>_<field>`), any number of rows: `insert ... select created.id, r.* from unnest(...)`.
 */
const childRows = (
  table: PgTable,
  orderId: { name: string },
  columns: readonly (readonly [{ name: string }, string, string])[],
  prefix: string,
) => sql`insert into ${table} (${name(orderId)}, ${names(columns)})
      select created.id, ${sql.identifier(prefix)}.* from created, unnest(${sql.join(
        columns.map(([, field, type]) => typed(`${prefix}_${field}`, `${type}[]`)),
        sql`, `,
      )}) as ${sql.identifier(prefix)}`;

/** The array parameters of childRows: each column's values across the rows. */
function columnArrays<R>(
  values: Record<string, unknown>,
  prefix: string,
  columns: readonly (readonly [unknown, keyof R & string, string])[],
  rows: readonly R[],
) {
  for (const [, field] of columns) values[`${prefix}_${field}`] = rows.map((r) => r[field] ?? null);
}

/**
 * Allocates the id and writes the order with its number, its lines (one array parameter per
 * column, any number of rows), its creation event and its promotions (the promotion module's
 * part, promotion/order-promotions.ts), and takes its lines out of the cart (the cart module's
 * part, cartLinesTakenCte), answering how many it took. A second request with the same
 * idempotency key inserts nothing at all, takes nothing and returns no row.
 */
const createStatement = statement(
  'order_create',
  sql`with allocated as (select nextval('orders_id_seq')::int as id),
    created as (
      insert into ${orders} (${name(orders.id)}, ${name(orders.orderNo)}, ${names(orderColumns)})
      select allocated.id, 'YC' || ${p('dateNo')}::text || lpad(allocated.id::text, 6, '0'), ${sql.join(
        orderColumns.map(([, field, type]) => typed(`order_${field}`, type)),
        sql`, `,
      )} from allocated
      on conflict (${name(orders.userId)}, ${name(orders.idempotencyKey)}) do nothing
      returning ${name(orders.id)}
    ),
    event as (
      insert into ${orderEvents} (${name(orderEvents.orderId)}, ${names(eventColumns)})
      select created.id, ${sql.join(
        eventColumns.map(([, field, type]) => typed(`event_${field}`, type)),
        sql`, `,
      )} from created
    ),
    lines as (${childRows(orderLines, orderLines.orderId, lineColumns, 'line')}),
    promotions as (${orderPromotionsInsert('created')}),
    ${cartLinesTakenCte('created')}
    select id, (select count(*) from cart_taken)::int as "cartLinesTaken" from created`,
);

/**
 * Writes the order, its lines, its creation event and its promotions, and takes the cart lines
 * `cartIds` of the order's store; undefined when the key was already used.
 */
export async function insertOrder(
  tx: DbOrTx,
  order: NewOrder,
  lines: NewOrderLine[],
  event: CreationEvent,
  promotions: readonly NewOrderPromotion[],
  cartIds: readonly number[],
): Promise<{ id: number; cartLinesTaken: number } | undefined> {
  const values: Record<string, unknown> = {
    dateNo: order.dateNo,
    cart_user: order.userId,
    cart_ids: cartIds,
  };
  for (const [, field] of orderColumns) values[`order_${field}`] = order[field];
  values.order_address = JSON.stringify(order.address);
  values.order_invoice = order.invoice ? JSON.stringify(order.invoice) : null;
  for (const [, field] of eventColumns) values[`event_${field}`] = event[field];
  columnArrays(values, 'line', lineColumns, lines);
  Object.assign(values, orderPromotionParams(promotions));
  const [row] = await rawRowsNamed<{ id: number; cartLinesTaken: number }>(tx, createStatement, values);
  return row;
}
