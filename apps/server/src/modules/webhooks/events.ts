import { randomUUID } from 'node:crypto';
import { toYuan, type WebhookEventType } from '@yaocai/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { webhookDeliveries, webhookEvents, webhookSubscriptions } from '../../db/schema/open';
import { orderEventFacts } from '../order/event-facts';

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

type Payload = Record<string, unknown>;

/**
 * Records an event and its deliveries in the caller's transaction. `payload` is small (ids,
 * numbers, status, amounts in yuan), or a function that reads it (called only when someone
 * subscribed); `occurred_at` is added. An event no active subscription names is not written: it
 * runs inside every order's moves, where it then costs one indexed read of a small table.
 * Returns the event id, or undefined when nothing was written.
 */
export async function recordWebhookEvent(
  tx: DbOrTx,
  type: WebhookEventType,
  payload: Payload | (() => Promise<Payload | undefined>),
  now: Date = new Date(),
): Promise<string | undefined> {
  const subscribers = await tx
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.active, true),
        isNull(webhookSubscriptions.deletedAt),
        sql`${type} = any(${webhookSubscriptions.events})`,
      ),
    );
  if (subscribers.length === 0) return undefined;
  const body = typeof payload === 'function' ? await payload() : payload;
  if (!body) return undefined;
  const id = randomUUID();
  await tx.insert(webhookEvents).values({
    id,
    type,
    payload: { ...body, occurred_at: isoInstant(now) },
    createdAt: now,
  });
  const giveUpAt = new Date(now.getTime() + RETRY_WINDOW_MS);
  await tx.insert(webhookDeliveries).values(
    subscribers.map((s) => ({
      eventId: id,
      subscriptionId: s.id,
      nextAttemptAt: now,
      giveUpAt,
      createdAt: now,
    })),
  );
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
  await recordWebhookEvent(
    tx,
    type,
    async () => {
      const order = await orderEventFacts(tx, orderId);
      if (!order) return undefined;
      return {
        order_id: orderId,
        order_no: order.orderNo,
        status: order.status,
        company_id: order.companyId,
        total: toYuan(order.totalFen),
        ...(type === 'order.paid' ? { payment_method: order.paymentMethod } : {}),
        ...extra,
      };
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
  await recordWebhookEvent(
    tx,
    'refund.succeeded',
    async () => {
      const order = await orderEventFacts(tx, refund.orderId);
      if (!order) return undefined;
      return {
        order_id: refund.orderId,
        order_no: order.orderNo,
        company_id: order.companyId,
        amount: toYuan(refund.amountFen),
        channel: refund.channel,
        refund_no: refund.refundNo ?? null,
      };
    },
    now,
  );
}
