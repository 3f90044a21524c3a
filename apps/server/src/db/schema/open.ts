import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
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
