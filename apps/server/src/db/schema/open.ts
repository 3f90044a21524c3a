import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A key of the open API (系统 → 开放接口): the ERP sends it as `Authorization: Bearer <key>`.
 * Only its SHA-256 is kept (the key is 32 random bytes, so a fast hash is enough); `prefix` tells
 * keys apart on the screen. A revoked key stays for the audit trail.
 */
export const openApiKeys = pgTable(
  'open_api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** Scope codes (packages/domain openScopes). */
    scopes: text('scopes').array().notNull(),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(600),
    createdBy: integer('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('open_api_keys_secret_uq').on(t.secretHash)],
);

/**
 * The answers of POST calls made with an `Idempotency-Key`, kept 24 hours: the same key and body
 * again replays the answer; the same key with another body is refused. A row without a status is
 * a call still running.
 */
export const openIdempotency = pgTable(
  'open_idempotency',
  {
    keyId: integer('key_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.idempotencyKey] }),
    index('open_idempotency_created_idx').on(t.createdAt),
  ],
);

/**
 * A webhook subscription (系统 → Webhook, or POST /api/open/v1/webhooks): events POSTed to `url`,
 * signed with `secret`. The secret is kept as is, since signing needs it (unlike a key, which
 * only needs checking). A subscription made through the open API belongs to its key (`key_id`):
 * another key neither sees nor deletes it. Deleting keeps the row for the delivery log.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    /** Event type codes (packages/domain webhookEventTypes). */
    events: text('events').array().notNull(),
    description: text('description').notNull().default(''),
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    keyId: integer('key_id'),
    createdBy: integer('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('webhook_subscriptions_key_idx').on(t.keyId)],
);

/**
 * The outbox: an event written in the same transaction as the change it reports (a rolled-back
 * payment leaves none). Its id is the one the receiver dedupes on.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

/**
 * One event to one subscription, fanned out with the event. `pending` until a 2xx answer
 * (delivered) or until `give_up_at` passes with no success (failed); a worker that takes one
 * moves `next_attempt_at` past its time-out first, so a worker that dies mid-request leaves it
 * pending and due again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    eventId: uuid('event_id').notNull(),
    subscriptionId: integer('subscription_id').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastResponse: text('last_response'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_subscription_uq').on(t.eventId, t.subscriptionId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.id),
  ],
);
