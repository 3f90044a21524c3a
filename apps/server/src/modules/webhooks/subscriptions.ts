import {
  MAX_WEBHOOK_SUBSCRIPTIONS,
  type OpenWebhook,
  type WebhookCreateBody,
  type WebhookEventType,
  type WebhookView,
  webhookEventTypeCodes,
} from '@yaocai/domain';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema/open';
import type { OperatorCtx } from '../../lib/context';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { audit } from '../audit/service';
import { urlRefusal } from './addresses';
import { isoInstant } from './events';
import { newSecret, SECRET_SHOWN_CHARS } from './signing';

// Webhook subscriptions, made in the console (系统 → Webhook) or through the open API. A
// subscription made by an open API key belongs to it: the key lists and deletes only its own
// (another key's are 404); the console sees and manages all. Every write is audited.

type Row = typeof webhookSubscriptions.$inferSelect;

/** Whose subscriptions a call may touch: all (the console) or one key's (the open API). */
export interface SubscriptionOwner {
  keyId?: number;
}

const eventsOf = (row: Row): WebhookEventType[] =>
  row.events.filter((e): e is WebhookEventType => (webhookEventTypeCodes as readonly string[]).includes(e));

const ownedBy = (owner: SubscriptionOwner): SQL | undefined =>
  owner.keyId === undefined ? undefined : eq(webhookSubscriptions.keyId, owner.keyId);

const live = isNull(webhookSubscriptions.deletedAt);

function consoleView(row: Row, counts?: { pending: number; failed: number }): WebhookView {
  return {
    id: row.id,
    url: row.url,
    events: eventsOf(row),
    description: row.description,
    active: row.active,
    prefix: row.secret.slice(0, SECRET_SHOWN_CHARS),
    created_by: row.createdByName,
    created_at: row.createdAt.getTime(),
    pending: counts?.pending ?? 0,
    failed: counts?.failed ?? 0,
  };
}

export function openView(row: Row): OpenWebhook {
  return {
    id: row.id,
    url: row.url,
    events: eventsOf(row),
    description: row.description,
    active: row.active,
    prefix: row.secret.slice(0, SECRET_SHOWN_CHARS),
    created_at: isoInstant(row.createdAt),
  };
}

export async function listSubscriptions(ctx: OperatorCtx, owner: SubscriptionOwner = {}): Promise<Row[]> {
  return ctx.db
    .select()
    .from(webhookSubscriptions)
    .where(and(live, ownedBy(owner)))
    .orderBy(desc(webhookSubscriptions.id))
    .limit(MAX_WEBHOOK_SUBSCRIPTIONS);
}

/** The console's list, with each subscription's pending and given-up deliveries. */
export async function listSubscriptionViews(ctx: OperatorCtx): Promise<WebhookView[]> {
  const rows = await listSubscriptions(ctx);
  if (rows.length === 0) return [];
  const counts = await ctx.db
    .select({
      subscriptionId: webhookDeliveries.subscriptionId,
      pending: sql<number>`count(*) filter (where ${webhookDeliveries.state} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${webhookDeliveries.state} = 'failed')::int`,
    })
    .from(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.subscriptionId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(webhookDeliveries.subscriptionId);
  const byId = new Map(counts.map((c) => [c.subscriptionId, c]));
  return rows.map((row) => consoleView(row, byId.get(row.id)));
}

/** A live subscription the owner may touch, locked; 404 otherwise. */
export async function ownedSubscription(tx: DbOrTx, id: number, owner: SubscriptionOwner): Promise<Row> {
  const [row] = await tx
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, id), live, ownedBy(owner)))
    .for('update');
  if (!row) throw notFound('没有这个 Webhook 订阅');
  return row;
}

/** Makes a subscription; the answer holds its signing secret, shown this once. */
export async function createSubscription(
  ctx: OperatorCtx,
  input: WebhookCreateBody,
  options: SubscriptionOwner & { allowPrivate: boolean },
): Promise<{ row: Row; secret: string }> {
  const refusal = urlRefusal(input.url, options.allowPrivate);
  if (refusal) throw fieldError('url', refusal);
  const secret = newSecret();
  return ctx.db.transaction(async (tx) => {
    // One at a time: the count below and the insert must not interleave with another creation.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook_subscriptions'))`);
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(webhookSubscriptions).where(live);
    if ((count?.n ?? 0) >= MAX_WEBHOOK_SUBSCRIPTIONS)
      throw conflict(`Webhook 订阅最多${MAX_WEBHOOK_SUBSCRIPTIONS}个，请先删除不用的订阅`);
    const [row] = await tx
      .insert(webhookSubscriptions)
      .values({
        url: input.url,
        events: input.events,
        description: input.description,
        secret,
        active: input.active,
        keyId: options.keyId ?? null,
        createdBy: ctx.actor.operatorId,
        createdByName: ctx.actor.username,
        createdAt: ctx.now,
      })
      .returning();
    if (!row) throw new Error('the subscription was not inserted');
    // The secret never reaches the audit trail: its prefix names it.
    await audit(tx, ctx, {
      action: 'webhook.create',
      target: { type: 'webhook', id: row.id },
      after: {
        url: row.url,
        events: row.events,
        active: row.active,
        prefix: secret.slice(0, SECRET_SHOWN_CHARS),
      },
    });
    return { row, secret };
  });
}

export const createdConsoleView = (created: { row: Row; secret: string }) => ({
  ...consoleView(created.row),
  secret: created.secret,
});

/** Turns a subscription on or off (the console): an inactive one gets no new deliveries. */
export async function setSubscriptionActive(ctx: OperatorCtx, id: number, active: boolean) {
  return ctx.db.transaction(async (tx) => {
    const row = await ownedSubscription(tx, id, {});
    if (row.active === active) return consoleView(row);
    const [updated] = await tx
      .update(webhookSubscriptions)
      .set({ active })
      .where(eq(webhookSubscriptions.id, id))
      .returning();
    await audit(tx, ctx, {
      action: 'webhook.update',
      target: { type: 'webhook', id },
      before: { active: row.active },
      after: { active },
    });
    return consoleView(updated ?? row);
  });
}

/**
 * Deletes a subscription: it gets no new events, and its pending deliveries are given up. The
 * row stays (deleted_at) for the delivery log and the audit trail.
 */
export async function deleteSubscription(
  ctx: OperatorCtx,
  id: number,
  owner: SubscriptionOwner,
): Promise<Row> {
  return ctx.db.transaction(async (tx) => {
    const row = await ownedSubscription(tx, id, owner);
    const [deleted] = await tx
      .update(webhookSubscriptions)
      .set({ deletedAt: ctx.now, active: false })
      .where(eq(webhookSubscriptions.id, id))
      .returning();
    await tx
      .update(webhookDeliveries)
      .set({ state: 'failed', lastError: '订阅已删除' })
      .where(and(eq(webhookDeliveries.subscriptionId, id), eq(webhookDeliveries.state, 'pending')));
    await audit(tx, ctx, {
      action: 'webhook.delete',
      target: { type: 'webhook', id },
      before: { url: row.url, events: row.events, active: row.active },
      after: { deleted: true },
    });
    return deleted ?? row;
  });
}
