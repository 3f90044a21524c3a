import type {
  WebhookDeliveryPage,
  WebhookDeliveryQuery,
  WebhookDeliveryState,
  WebhookDeliveryView,
  WebhookEventType,
} from '@yaocai/domain';
import { webhookDeliveryQuery } from '@yaocai/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookEvents, webhookSubscriptions } from '../../db/schema/open';
import type { OperatorCtx } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { audit } from '../audit/service';
import { RETRY_WINDOW_MS } from './events';
import { ownedSubscription } from './subscriptions';

// 系统 → Webhook → 投递记录: a subscription's deliveries, newest first, by state; 重新投递
// puts one back to pending, due now, with a fresh retry window (audited).

type Row = typeof webhookDeliveries.$inferSelect & { eventType: string };

const view = (r: Row): WebhookDeliveryView => ({
  id: r.id,
  event_id: r.eventId,
  event_type: r.eventType as WebhookEventType,
  state: r.state as WebhookDeliveryState,
  attempts: r.attempts,
  last_status_code: r.lastStatusCode,
  last_error: r.lastError,
  last_response: r.lastResponse,
  next_attempt_at: r.state === 'pending' ? r.nextAttemptAt.getTime() : null,
  delivered_at: r.deliveredAt?.getTime() ?? null,
  created_at: r.createdAt.getTime(),
});

export async function listDeliveries(
  ctx: OperatorCtx,
  subscriptionId: number,
  input: WebhookDeliveryQuery,
): Promise<WebhookDeliveryPage> {
  const query = webhookDeliveryQuery.parse(input);
  const [subscription] = await ctx.db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, subscriptionId));
  if (!subscription) throw notFound('没有这个 Webhook 订阅');
  const where = and(
    eq(webhookDeliveries.subscriptionId, subscriptionId),
    query.state ? eq(webhookDeliveries.state, query.state) : undefined,
  );
  const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where);
  const rows = await ctx.db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return {
    list: rows.map((r) => view({ ...r.delivery, eventType: r.eventType })),
    total: count?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/** 重新投递: the delivery is pending again, due now, retried for another 24 hours. */
export async function redeliver(
  ctx: OperatorCtx,
  subscriptionId: number,
  deliveryId: number,
): Promise<WebhookDeliveryView> {
  return ctx.db.transaction(async (tx) => {
    await ownedSubscription(tx, subscriptionId, {});
    const [row] = await tx
      .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, subscriptionId)))
      .for('update', { of: webhookDeliveries });
    if (!row) throw notFound('没有这条投递记录');
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        state: 'pending',
        nextAttemptAt: ctx.now,
        giveUpAt: new Date(ctx.now.getTime() + RETRY_WINDOW_MS),
        deliveredAt: null,
      })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning();
    await audit(tx, ctx, {
      action: 'webhook.redeliver',
      target: { type: 'webhook', id: subscriptionId },
      before: { delivery_id: deliveryId, event_id: row.delivery.eventId, state: row.delivery.state },
      after: { delivery_id: deliveryId, state: 'pending' },
    });
    return view({ ...(updated ?? row.delivery), eventType: row.eventType });
  });
}
