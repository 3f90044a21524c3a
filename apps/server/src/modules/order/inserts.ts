import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rawRows, statement } from '../../db/raw';
import { type AddressSnapshot, type InvoiceInfo, orderEvents, orderLines, orders } from '../../db/schema';

/**
 * The two writes of order creation as prepared statements (db/raw.ts). Creating an order is the
 * heaviest write of the shop; building its 20-row insert through the ORM cost about a sixth of
 * its server CPU, and each statement is a round trip inside the transaction (see
 * bench/RESULTS.md, order).
 */

const name = (c: { name: string }) => sql.identifier(c.name);

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
  idempotencyKey: string;
  expiresAt: Date;
  ephedrine: boolean;
  receiptStatus: string;
}

const orderColumns = [
  [orders.userId, 'int'],
  [orders.companyId, 'int'],
  [orders.goodsFen, 'int'],
  [orders.fullReductionFen, 'int'],
  [orders.couponFen, 'int'],
  [orders.pointsUsed, 'int'],
  [orders.pointsFen, 'int'],
  [orders.shippingFen, 'int'],
  [orders.totalFen, 'int'],
  [orders.userCouponId, 'int'],
  [orders.address, 'jsonb'],
  [orders.invoice, 'jsonb'],
  [orders.remarks, 'text'],
  [orders.idempotencyKey, 'text'],
  [orders.expiresAt, 'timestamptz'],
  [orders.ephedrine, 'boolean'],
  [orders.receiptStatus, 'text'],
] as const;

/**
 * Allocates the id and writes the order with its number in one statement; a second request
 * with the same idempotency key inserts nothing (and returns no row).
 */
const orderStatement = statement(
  'order_create',
  sql`with allocated as (select nextval('orders_id_seq')::int as id)
    insert into ${orders} (${name(orders.id)}, ${name(orders.orderNo)}, ${sql.join(
      orderColumns.map(([c]) => name(c)),
      sql`, `,
    )})
    select allocated.id, 'YC' || ${sql.raw('$1::text')} || lpad(allocated.id::text, 6, '0'), ${sql.raw(
      orderColumns.map(([, type], i) => `$${i + 2}::${type}`).join(', '),
    )} from allocated
    on conflict (${name(orders.userId)}, ${name(orders.idempotencyKey)}) do nothing
    returning ${name(orders.id)} as "id"`,
);

export async function insertOrderRow(tx: DbOrTx, order: NewOrder): Promise<{ id: number } | undefined> {
  const [row] = await rawRows<{ id: number }>(tx, orderStatement, [
    order.dateNo,
    order.userId,
    order.companyId,
    order.goodsFen,
    order.fullReductionFen,
    order.couponFen,
    order.pointsUsed,
    order.pointsFen,
    order.shippingFen,
    order.totalFen,
    order.userCouponId,
    JSON.stringify(order.address),
    order.invoice ? JSON.stringify(order.invoice) : null,
    order.remarks,
    order.idempotencyKey,
    order.expiresAt,
    order.ephedrine,
    order.receiptStatus,
  ]);
  return row;
}

/** An order line as written at creation (orderLines' columns without id and order id). */
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'> & {
  kind: string;
  image: string | null;
  ephedrine: boolean;
  reductionFen: number;
};

/** The array parameters of the statement: each line column with its PostgreSQL array type. */
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
] as const satisfies readonly (readonly [unknown, keyof NewOrderLine, string])[];

const first = lineColumns.length + 2; // $1 order id, $2.. the line arrays, then the event

/**
 * Writes a new order's lines and its creation event in one statement (any number of lines: one
 * array parameter per column).
 */
const insertStatement = statement(
  'order_lines_create',
  sql`with event as (
      insert into ${orderEvents} (${name(orderEvents.orderId)}, ${name(orderEvents.actorType)}, ${name(orderEvents.actorId)},
        ${name(orderEvents.event)}, ${name(orderEvents.fromStatus)}, ${name(orderEvents.toStatus)}, ${name(orderEvents.note)})
      values (${sql.raw(`$1, $${first}, $${first + 1}::int, $${first + 2}, $${first + 3}, $${first + 4}, $${first + 5}`)})
    )
    insert into ${orderLines} (${name(orderLines.orderId)}, ${sql.join(
      lineColumns.map(([c]) => name(c)),
      sql`, `,
    )})
    select ${sql.raw('$1')}, * from unnest(${sql.raw(lineColumns.map(([, , type], i) => `$${i + 2}::${type}[]`).join(', '))})`,
);

export interface CreationEvent {
  actorType: string;
  actorId: number | null;
  event: string;
  from: string | null;
  to: string | null;
  note: string;
}

export async function insertOrderLines(
  tx: DbOrTx,
  orderId: number,
  lines: NewOrderLine[],
  event: CreationEvent,
): Promise<void> {
  await rawRows(tx, insertStatement, [
    orderId,
    ...lineColumns.map(([, field]) => lines.map((l) => l[field] ?? null)),
    event.actorType,
    event.actorId,
    event.event,
    event.from,
    event.to,
    event.note,
  ]);
}
