import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rawRows, statement } from '../../db/raw';
import { orderEvents, orderLines } from '../../db/schema';

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

const name = (c: { name: string }) => sql.identifier(c.name);
const first = lineColumns.length + 2; // $1 order id, $2.. the line arrays, then the event

/**
 * Writes a new order's lines and its creation event in one prepared statement (any number of
 * lines: one array parameter per column). Creating an order is the heaviest write of the shop;
 * building a 20-row insert through the ORM cost about a sixth of its server CPU (see
 * bench/RESULTS.md, order), and the event needed a round trip of its own.
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
