import { randomUUID } from 'node:crypto';
import { toYuan, type WebhookEventType } from '@yaocai/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, webhookDeliveries, webhookEvents, webhookSubscriptions } from '../../db/schema';

// The outbox: a service records an event in the transaction of the change it reports, with one
// call; the event fans out to the active subscriptions that name its type in the same
// statement's transaction. A rolled-back change leaves neither event nor delivery behind; the
// delivery job (delivery.ts) sends them after the commit.

/** How long a delivery is retried after its event before it is given up. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;

/** An instant as the open API writes it: ISO-8601 in Beijing time (+08:00). */
export function isoInstant(at: Date): string {
  const shifted = new Date(at.getTime() + 8 * 3_600_000);
  return `${shifted.toISOString().slice(0, 23)}+08:00`;
}

/**
 * Records an event and its deliveries in the caller's transaction. `payload` is small (ids,
 * numbers, status, amounts in yuan); `occurred_at` is added. Returns the event id.
 */
export async function recordWebhookEvent(
  tx: DbOrTx,
  type: WebhookEventType,
  payload: Record<string, unknown>,
  now: Date = new Date(),
): Promise<string> {
  const id = randomUUID();
  await tx.insert(webhookEvents).values({
    id,
    type,
    payload: { ...payload, occurred_at: isoInstant(now) },
    createdAt: now,
  });
  const giveUpAt = new Date(now.getTime() + RETRY_WINDOW_MS);
  const at = now.toISOString();
  await tx.execute(sql`
    insert into ${webhookDeliveries} (event_id, subscription_id, next_attempt_at, give_up_at, created_at)
    select ${id}::uuid, ${webhookSubscriptions.id}, ${at}::timestamptz, ${giveUpAt.toISOString()}::timestamptz, ${at}::timestamptz
    from ${webhookSubscriptions}
    where ${webhookSubscriptions.active} and ${webhookSubscriptions.deletedAt} is null
      and ${type} = any(${webhookSubscriptions.events})`);
  return id;
}

export type OrderWebhookEvent = Extract<
  WebhookEventType,
  'order.paid' | 'order.cancelled' | 'order.received' | 'after_sale.approved'
>;

/** An order's event: its ids, number, new status, buyer company and total, plus `extra`. */
export async function recordOrderEvent(
  tx: DbOrTx,
  type: OrderWebhookEvent,
  orderId: number,
  extra: Record<string, unknown> = {},
  now?: Date,
) {
  const [order] = await tx
    .select({
      orderNo: orders.orderNo,
      status: orders.status,
      companyId: orders.companyId,
      totalFen: orders.totalFen,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return;
  await recordWebhookEvent(
    tx,
    type,
    {
      order_id: orderId,
      order_no: order.orderNo,
      status: order.status,
      company_id: order.companyId,
      total: toYuan(order.totalFen),
      ...(type === 'order.paid' ? { payment_method: order.paymentMethod } : {}),
      ...extra,
    },
    now,
  );
}

/** A refund that reached the buyer (or its credit line): refund.succeeded. */
export async function recordRefundEvent(
  tx: DbOrTx,
  refund: { orderId: number; amountFen: number; channel: string; refundNo?: string | null },
  now?: Date,
) {
  const [order] = await tx
    .select({ orderNo: orders.orderNo, companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.id, refund.orderId));
  if (!order) return;
  await recordWebhookEvent(
    tx,
    'refund.succeeded',
    {
      order_id: refund.orderId,
      order_no: order.orderNo,
      company_id: order.companyId,
      amount: toYuan(refund.amountFen),
      channel: refund.channel,
      refund_no: refund.refundNo ?? null,
    },
    now,
  );
}
