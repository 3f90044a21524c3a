import http from 'node:http';
import https from 'node:https';
import type { WebhookEventBody, WebhookEventType } from '@yaocai/domain';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEvents, webhookSubscriptions } from '../../db/schema/open';
import { guardedLookup } from './addresses';
import { isoInstant } from './events';
import { signature, webhookHeaders } from './signing';

// Sending the outbox. A run takes due deliveries in small batches (FOR UPDATE SKIP LOCKED, so two
// workers never take the same one), moves each one's next attempt past its time-out (its lease)
// and commits; then POSTs them, a bounded number at once, and records each outcome. A worker
// that dies mid-request records nothing: the delivery stays pending and is due again when its
// lease ends (at least once; the receiver dedupes on Yaocai-Event-Id).

export interface DeliverySettings {
  timeoutMs: number;
  concurrency: number;
  allowPrivate: boolean;
}

/** The most of the receiver's answer read and kept (the log shows it). */
export const RESPONSE_EXCERPT_BYTES = 2048;
/** The first retry waits this long; each next one twice as long, up to an hour. */
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_MAX_MS = 3_600_000;
/** A run stops taking new batches after this long (the next run goes on). */
const RUN_BUDGET_MS = 50_000;

/** The wait before attempt `attempts + 1`: exponential, capped, with ±20% jitter. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

interface Claimed {
  id: number;
  attempts: number;
  giveUpAt: Date;
  url: string;
  secret: string;
  eventId: string;
  eventType: string;
  eventCreatedAt: Date;
  payload: unknown;
}

/** The lease of a taken delivery: past the request's time-out, with room to record it. */
const leaseMs = (settings: DeliverySettings) => settings.timeoutMs + 30_000;

/**
 * Takes up to `limit` due deliveries (pending, next attempt reached; a new one is due whatever
 * the clock) of live subscriptions, counting the attempt and leasing them. Deliveries of
 * deleted or switched-off subscriptions are given up instead.
 */
export async function claimDue(
  db: Db,
  now: Date,
  limit: number,
  settings: DeliverySettings,
): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: webhookDeliveries.id,
        attempts: webhookDeliveries.attempts,
        giveUpAt: webhookDeliveries.giveUpAt,
        url: webhookSubscriptions.url,
        secret: webhookSubscriptions.secret,
        live: sql<boolean>`${webhookSubscriptions.active} and ${webhookSubscriptions.deletedAt} is null`,
        eventId: webhookEvents.id,
        eventType: webhookEvents.type,
        eventCreatedAt: webhookEvents.createdAt,
        payload: webhookEvents.payload,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(
        and(
          eq(webhookDeliveries.state, 'pending'),
          or(lte(webhookDeliveries.nextAttemptAt, now), eq(webhookDeliveries.attempts, 0)),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(limit)
      .for('update', { of: webhookDeliveries, skipLocked: true });
    if (rows.length === 0) return [];
    const dead = rows.filter((r) => !r.live).map((r) => r.id);
    if (dead.length > 0)
      await tx
        .update(webhookDeliveries)
        .set({ state: 'failed', lastError: '订阅已停用或删除' })
        .where(inArray(webhookDeliveries.id, dead));
    const taken = rows.filter((r) => r.live);
    if (taken.length > 0)
      await tx
        .update(webhookDeliveries)
        .set({
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          nextAttemptAt: new Date(now.getTime() + leaseMs(settings)),
        })
        .where(
          inArray(
            webhookDeliveries.id,
            taken.map((r) => r.id),
          ),
        );
    return taken.map(({ live: _live, ...r }) => ({ ...r, attempts: r.attempts + 1 }));
  });
}

interface Outcome {
  statusCode: number | null;
  error: string | null;
  response: string | null;
}

/** The body of a delivery: the event as the receiver reads it. */
export function eventBody(claimed: Pick<Claimed, 'eventId' | 'eventType' | 'eventCreatedAt' | 'payload'>) {
  const body: WebhookEventBody = {
    id: claimed.eventId,
    type: claimed.eventType as WebhookEventType,
    created_at: isoInstant(claimed.eventCreatedAt),
    data: (claimed.payload ?? {}) as Record<string, unknown>,
  };
  return JSON.stringify(body);
}

/**
 * One POST: signed, with a time-out for the whole exchange, no redirects followed (a 3xx is a
 * failure), at most RESPONSE_EXCERPT_BYTES of the answer read.
 */
export function post(claimed: Claimed, settings: DeliverySettings): Promise<Outcome> {
  const body = eventBody(claimed);
  const timestamp = Math.floor(Date.now() / 1000);
  let url: URL;
  try {
    url = new URL(claimed.url);
  } catch {
    return Promise.resolve({ statusCode: null, error: '接收地址无效', response: null });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Outcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(settings.allowPrivate),
        agent: false,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Yaocai-Webhooks/1',
          [webhookHeaders.eventId]: claimed.eventId,
          [webhookHeaders.eventType]: claimed.eventType,
          [webhookHeaders.timestamp]: String(timestamp),
          [webhookHeaders.signature]: signature(claimed.secret, timestamp, body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const statusCode = response.statusCode ?? 0;
          const ok = statusCode >= 200 && statusCode < 300;
          finish({
            statusCode,
            error: ok
              ? null
              : statusCode >= 300 && statusCode < 400
                ? `重定向（${statusCode}）不被跟随`
                : `HTTP ${statusCode}`,
            response: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8'),
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_EXCERPT_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: `超时（${settings.timeoutMs / 1000}秒未应答）`, response: null });
      request.destroy();
    }, settings.timeoutMs);
    request.on('error', (err) =>
      finish({ statusCode: null, error: `连接失败：${err.message}`.slice(0, 300), response: null }),
    );
    request.end(body);
  });
}

/** Records one attempt: delivered, due again after the backoff, or given up past its window. */
async function record(db: Db, claimed: Claimed, outcome: Outcome, now: Date) {
  const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const next = new Date(Math.min(now.getTime() + backoffMs(claimed.attempts), claimed.giveUpAt.getTime()));
  const givenUp = !delivered && now.getTime() >= claimed.giveUpAt.getTime();
  await db
    .update(webhookDeliveries)
    .set({
      state: delivered ? 'delivered' : givenUp ? 'failed' : 'pending',
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      lastResponse: outcome.response,
      deliveredAt: delivered ? now : null,
      ...(delivered || givenUp ? {} : { nextAttemptAt: next }),
    })
    .where(and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.state, 'pending')));
  return delivered ? 'delivered' : givenUp ? 'failed' : 'retry';
}

/** Runs `work` over `items`, at most `limit` at once. */
async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface SweepResult {
  delivered: number;
  retried: number;
  failed: number;
}

/**
 * Sends every due delivery, batch after batch, until none is due or the run's budget is spent.
 * `now` is the application clock (tests move it); `timestamp` of the signature is the wall clock.
 */
export async function deliverDue(db: Db, now: () => Date, settings: DeliverySettings): Promise<SweepResult> {
  const result: SweepResult = { delivered: 0, retried: 0, failed: 0 };
  const started = Date.now();
  const batch = settings.concurrency * 4;
  while (Date.now() - started < RUN_BUDGET_MS) {
    const claimed = await claimDue(db, now(), batch, settings);
    if (claimed.length === 0) break;
    await inPool(claimed, settings.concurrency, async (one) => {
      const outcome = await post(one, settings);
      const state = await record(db, one, outcome, now());
      if (state === 'delivered') result.delivered++;
      else if (state === 'failed') result.failed++;
      else result.retried++;
    });
  }
  return result;
}
