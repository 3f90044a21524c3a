/**
 * Webhook fan-out budget (issue #33): 1,000 events delivered to a local receiver within 60 s.
 * One subscription to a local node:http receiver that checks every signature; 1,000 events are
 * recorded as the services record them (recordWebhookEvent, each in its own transaction, fanned
 * out to the subscription); then the delivery job's sweep (deliverDue: SKIP LOCKED batches,
 * WEBHOOK_CONCURRENCY requests at once) runs until every delivery is delivered. The time is from
 * the first sweep to the last delivery recorded.
 * Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/scenarios/webhooks.ts
 * (a scratch database is created and dropped; the app and the receiver run in this process).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { webhookDeliveries } from '../../apps/server/src/db/schema';
import { deliverDue } from '../../apps/server/src/modules/webhooks/delivery';
import { recordWebhookEvent } from '../../apps/server/src/modules/webhooks/events';
import { operatorCookie } from '../../apps/server/test/factories';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const CONCURRENCY = Number(process.env.WEBHOOK_CONCURRENCY ?? 8);
const BUDGET_MS = 60_000;

export async function run() {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  process.env.TEST_DB = 'postgres';
  process.env.TEST_DATABASE_URL = adminUrl;
  const { createTestApp } = await import('../../apps/server/test/helpers');

  let secret = '';
  const seen = new Set<string>();
  let received = 0;
  let badSignatures = 0;
  const receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const timestamp = String(req.headers['yaocai-timestamp']);
      const expected = Buffer.from(
        `v1=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`,
      );
      const given = Buffer.from(String(req.headers['yaocai-signature'] ?? ''));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) badSignatures++;
      received++;
      seen.add(String(req.headers['yaocai-event-id']));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  // The app's own job runner off: the bench runs the sweep itself and times it.
  const ctx = await createTestApp({
    seed: false,
    config: {
      jobs: {
        runJobs: false,
        orderSweepSeconds: 0,
        paymentSweepSeconds: 0,
        reminderSweepSeconds: 0,
        webhookSweepSeconds: 0,
        timeoutSeconds: 600,
      },
    },
  });
  try {
    const admin = await operatorCookie(ctx.app, 'super_admin');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: { cookie: admin.cookie },
      payload: { url, events: ['order.paid'], description: 'bench' },
    });
    if (created.statusCode !== 200) throw new Error(`subscription not created: ${created.body}`);
    secret = created.json().data.secret;

    const recordStart = performance.now();
    for (let i = 0; i < EVENTS; i++) {
      await ctx.app.db.transaction((tx) =>
        recordWebhookEvent(tx, 'order.paid', {
          order_id: i + 1,
          order_no: `YC${String(i).padStart(10, '0')}`,
          status: 'awaiting_shipment',
          total: 100,
        }),
      );
    }
    const recordMs = performance.now() - recordStart;
    // No job runner delivers behind the bench's back (its schedules are off in this app).
    const receivedBefore = received;

    const settings = { timeoutMs: 5000, concurrency: CONCURRENCY, allowPrivate: true };
    const start = performance.now();
    let sweeps = 0;
    for (;;) {
      sweeps++;
      await deliverDue(ctx.app.db, () => new Date(), settings);
      const [left] = await ctx.app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.state, 'pending'));
      if ((left?.n ?? 0) === 0 || performance.now() - start > 2 * BUDGET_MS) break;
    }
    const deliverMs = performance.now() - start;
    const [delivered] = await ctx.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.state, 'delivered'));
    const figures = {
      events: EVENTS,
      concurrency: CONCURRENCY,
      recordMs: Math.round(recordMs),
      deliverMs: Math.round(deliverMs),
      perSecond: Math.round((EVENTS / deliverMs) * 1000),
      sweeps,
      delivered: delivered?.n ?? 0,
      received,
      receivedBefore,
      distinctEvents: seen.size,
      badSignatures,
    };
    console.log('webhook fan-out:', figures);
    const met =
      deliverMs < BUDGET_MS && figures.delivered === EVENTS && badSignatures === 0 && receivedBefore === 0;
    console.log(
      `budget: ${EVENTS} events delivered within ${BUDGET_MS / 1000} s: ${met ? 'met' : 'NOT met'} (${figures.deliverMs} ms, ${figures.delivered} delivered, ${badSignatures} bad signatures)`,
    );
    return { ...figures, met };
  } finally {
    await ctx.close();
    receiver.closeAllConnections();
    receiver.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
