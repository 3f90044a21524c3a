import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beijingToday } from '@yaocai/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createBuyer,
  makeCompany,
  makeWarehouse,
  openApiKey,
  operatorCookie,
  setLicenceExpiry,
  unpaidOrder,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import {
  auditLog,
  orders,
  qualifications,
  webhookDeliveries,
  webhookEvents,
  webhookSubscriptions,
} from '../../db/schema';
import { decideCompany } from '../account/review';
import { sendReminders } from '../message/service';
import { refundOrderPayment } from '../payment/refunds';
import { claimDue, deliverDue } from './delivery';

// Webhooks end to end on the test database: events written with the change that causes them,
// subscriptions through the open API and the console, and delivery to a real local receiver
// (node:http) that checks every signature, fails, hangs and dies on demand.

let ctx: TestContext;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
let admin: { cookie: string };
let warehouseId: number;

type Mode = 'ok' | 'fail' | 'hang' | 'die';
interface Received {
  eventId: string;
  type: string;
  body: { id: string; type: string; data: Record<string, unknown> };
  verified: boolean;
}
const receiver = {
  mode: 'ok' as Mode,
  secret: '',
  received: [] as Received[],
  server: undefined as http.Server | undefined,
  url: '',
};

function verify(secret: string, headers: http.IncomingHttpHeaders, raw: string) {
  const timestamp = Number(headers['yaocai-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = Buffer.from(
    `v1=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`,
  );
  const given = Buffer.from(String(headers['yaocai-signature'] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function startReceiver(port = 0) {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      if (receiver.mode === 'die') {
        req.socket.destroy();
        return;
      }
      if (receiver.mode === 'hang') return;
      if (receiver.mode === 'fail') {
        res.writeHead(500).end('ERP 繁忙');
        return;
      }
      const body = JSON.parse(raw);
      receiver.received.push({
        eventId: String(req.headers['yaocai-event-id']),
        type: String(req.headers['yaocai-event-type']),
        body,
        verified: verify(receiver.secret, req.headers, raw),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.server = server;
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

const settings = { timeoutMs: 1000, concurrency: 4, allowPrivate: true };
const sweep = () => deliverDue(ctx.app.db, () => clock.now(), settings);

async function subscribe(events: string[], url = receiver.url) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: { cookie: admin.cookie },
    payload: { url, events, description: '测试接收端' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { id: number; secret: string };
  receiver.secret = data.secret;
  return data;
}

async function deliveriesOf(subscriptionId: number) {
  return ctx.app.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscriptionId));
}

async function paidOrder(balanceFen = 1_000_000) {
  const o = await unpaidOrder(ctx.app, warehouseId, { buyer: { balanceFen } });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/pay/balance',
    headers: { cookie: o.cookie },
    payload: { order_id: o.orderId },
  });
  return { ...o, res };
}

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, clock });
  admin = await operatorCookie(ctx.app, 'super_admin');
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
  await startReceiver();
});
afterEach(async () => {
  // Each test's subscriptions go: their leftovers never reach the next test's receiver.
  await ctx.app.db.update(webhookSubscriptions).set({ active: false, deletedAt: new Date() });
  await ctx.app.db
    .update(webhookDeliveries)
    .set({ state: 'failed' })
    .where(eq(webhookDeliveries.state, 'pending'));
  receiver.mode = 'ok';
  receiver.received = [];
  offsetMs = 0;
});
afterAll(async () => {
  receiver.server?.closeAllConnections();
  receiver.server?.close();
  await ctx.close();
});

describe('events', () => {
  it('a paid order is delivered once, signed, with its order number and amount', async () => {
    const sub = await subscribe(['order.paid']);
    const { res, orderId } = await paidOrder();
    expect(res.statusCode, res.body).toBe(200);
    expect(await sweep()).toMatchObject({ delivered: 1, retried: 0 });
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0];
    expect(got.verified).toBe(true);
    expect(got.type).toBe('order.paid');
    expect(got.body.id).toBe(got.eventId);
    expect(got.body.data).toMatchObject({ order_id: orderId, total: 1000, payment_method: 'balance' });
    expect(String(got.body.data.occurred_at)).toMatch(/\+08:00$/);
    const [d] = await deliveriesOf(sub.id);
    expect(d).toMatchObject({ state: 'delivered', attempts: 1, lastStatusCode: 200 });
    // Nothing more to send: a second run delivers nothing again.
    expect(await sweep()).toMatchObject({ delivered: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it('a payment that rolls back writes no event', async () => {
    const sub = await subscribe(['order.paid']);
    const before = (await ctx.app.db.select().from(webhookEvents)).length;
    const { res } = await paidOrder(0); // no balance: refused, the transaction rolls back
    expect(res.statusCode).toBe(400);
    expect((await ctx.app.db.select().from(webhookEvents)).length).toBe(before);
    expect(await deliveriesOf(sub.id)).toHaveLength(0);
  });

  it('a cancelled order fans out only to the subscriptions naming order.cancelled', async () => {
    const cancelled = await subscribe(['order.cancelled']);
    const paid = await subscribe(['order.paid']);
    const o = await unpaidOrder(ctx.app, warehouseId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${o.orderId}/cancel`,
      headers: { cookie: o.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await deliveriesOf(cancelled.id)).toHaveLength(1);
    expect(await deliveriesOf(paid.id)).toHaveLength(0);
    const [event] = await ctx.app.db
      .select()
      .from(webhookEvents)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.eventId, webhookEvents.id))
      .where(eq(webhookDeliveries.subscriptionId, cancelled.id));
    expect(event.webhook_events.payload).toMatchObject({
      order_id: o.orderId,
      status: 'cancelled',
      reason: 'cancel',
    });
  });
});

describe('refunds', () => {
  it('a balance refund records refund.succeeded with the amount in yuan', async () => {
    const sub = await subscribe(['refund.succeeded']);
    const { orderId } = await paidOrder();
    await ctx.app.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      await refundOrderPayment(tx, order, 30_050, '售后退款');
    });
    expect(await sweep()).toMatchObject({ delivered: 1 });
    expect(receiver.received[0].type).toBe('refund.succeeded');
    expect(receiver.received[0].body.data).toMatchObject({
      order_id: orderId,
      amount: 300.5,
      channel: 'balance',
    });
    expect(await deliveriesOf(sub.id)).toHaveLength(1);
  });
});

describe('company review', () => {
  it('approving a company records company.approved; refusing one records nothing', async () => {
    const sub = await subscribe(['company.approved']);
    const op = await operatorCookie(ctx.app, 'super_admin');
    const opCtx = {
      db: ctx.app.db,
      now: clock.now(),
      actor: { kind: 'operator' as const, operatorId: op.operatorId, username: op.username, permissions: [] },
    };
    const refused = await makeCompany(ctx.app.db, { qualificationStatus: 'pending' });
    await decideCompany(opCtx, refused.id, { approve: false, business_scope: [], reason: '证照模糊' });
    expect(await deliveriesOf(sub.id)).toHaveLength(0);
    const approved = await makeCompany(ctx.app.db, { qualificationStatus: 'pending' });
    await decideCompany(opCtx, approved.id, { approve: true, business_scope: ['fcfy', 'zcy'] });
    expect(await sweep()).toMatchObject({ delivered: 1 });
    expect(receiver.received[0].body.data).toMatchObject({
      company_id: approved.id,
      name: approved.name,
      business_scope: ['fcfy', 'zcy'],
    });
  });
});

describe('events from the sweeps', () => {
  it('a licence entering its 30-day window sends licence.expiring once, whatever the runs', async () => {
    const sub = await subscribe(['licence.expiring']);
    const b = await createBuyer(ctx.app.db);
    const [licence] = await ctx.app.db
      .select()
      .from(qualifications)
      .where(eq(qualifications.companyId, b.company.id))
      .limit(1);
    const now = clock.now();
    const expiresOn = beijingToday(new Date(now.getTime() + 20 * 86_400_000));
    const renewed = await setLicenceExpiry(ctx.app.db, b.company.id, licence.kind, expiresOn);
    await sendReminders(ctx.app.db, now);
    await sendReminders(ctx.app.db, now);
    expect(await deliveriesOf(sub.id)).toHaveLength(1);
    expect(await sweep()).toMatchObject({ delivered: 1 });
    expect(receiver.received[0].body.data).toMatchObject({
      company_id: b.company.id,
      licence_id: renewed.id,
      expires_on: expiresOn,
      days_left: 20,
    });
    expect(receiver.received[0].verified).toBe(true);
  });
});

describe('delivery', () => {
  it('a 500 is retried with backoff, then delivered once', async () => {
    const sub = await subscribe(['order.paid']);
    await paidOrder();
    receiver.mode = 'fail';
    expect(await sweep()).toMatchObject({ retried: 1, delivered: 0 });
    let [d] = await deliveriesOf(sub.id);
    expect(d).toMatchObject({ state: 'pending', attempts: 1, lastStatusCode: 500, lastResponse: 'ERP 繁忙' });
    const wait = d.nextAttemptAt.getTime() - clock.now().getTime();
    expect(wait).toBeGreaterThan(7_000);
    expect(wait).toBeLessThan(13_000);
    // Not due yet.
    receiver.mode = 'ok';
    expect(await sweep()).toMatchObject({ delivered: 0, retried: 0 });
    receiver.mode = 'fail';
    offsetMs += 15_000;
    expect(await sweep()).toMatchObject({ retried: 1 });
    [d] = await deliveriesOf(sub.id);
    expect(d.attempts).toBe(2);
    // The second wait is about twice the first.
    expect(d.nextAttemptAt.getTime() - clock.now().getTime()).toBeGreaterThan(15_000);
    receiver.mode = 'ok';
    offsetMs += 30_000;
    expect(await sweep()).toMatchObject({ delivered: 1 });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0].verified).toBe(true);
    [d] = await deliveriesOf(sub.id);
    expect(d).toMatchObject({ state: 'delivered', attempts: 3, lastStatusCode: 200 });
  });

  it('a receiver that hangs times out and is retried', async () => {
    const sub = await subscribe(['order.paid']);
    await paidOrder();
    receiver.mode = 'hang';
    const started = Date.now();
    expect(await sweep()).toMatchObject({ retried: 1 });
    expect(Date.now() - started).toBeLessThan(5_000);
    const [d] = await deliveriesOf(sub.id);
    expect(d).toMatchObject({ state: 'pending', lastStatusCode: null });
    expect(d.lastError).toContain('超时');
    receiver.server?.closeAllConnections();
  });

  it('a receiver killed mid-delivery is retried once it is back', async () => {
    const sub = await subscribe(['order.paid']);
    await paidOrder();
    receiver.mode = 'die';
    expect(await sweep()).toMatchObject({ retried: 1 });
    let [d] = await deliveriesOf(sub.id);
    expect(d.lastError).toContain('连接失败');
    receiver.mode = 'ok';
    offsetMs += 60_000;
    expect(await sweep()).toMatchObject({ delivered: 1 });
    [d] = await deliveriesOf(sub.id);
    expect(d.state).toBe('delivered');
    expect(receiver.received).toHaveLength(1);
  });

  it('a worker that died after taking a delivery leaves it pending, due again after its lease', async () => {
    const sub = await subscribe(['order.paid']);
    await paidOrder();
    const taken = await claimDue(ctx.app.db, clock.now(), 10, settings);
    expect(taken.map((t) => t.eventId)).toHaveLength(1);
    // The worker dies here: nothing recorded. A second worker finds nothing due during the lease.
    expect(await sweep()).toMatchObject({ delivered: 0 });
    offsetMs += settings.timeoutMs + 31_000;
    expect(await sweep()).toMatchObject({ delivered: 1 });
    const [d] = await deliveriesOf(sub.id);
    expect(d).toMatchObject({ state: 'delivered', attempts: 2 });
  });

  it('gives up 24 hours after the event; 重新投递 sends it again (audited)', async () => {
    const sub = await subscribe(['order.paid']);
    await paidOrder();
    receiver.mode = 'fail';
    await sweep();
    offsetMs += 24 * 3_600_000 + 1000;
    expect(await sweep()).toMatchObject({ failed: 1 });
    const [d] = await deliveriesOf(sub.id);
    expect(d.state).toBe('failed');

    const log = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/webhooks/${sub.id}/deliveries?state=failed`,
      headers: { cookie: admin.cookie },
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data.list[0]).toMatchObject({
      id: d.id,
      state: 'failed',
      last_status_code: 500,
      event_type: 'order.paid',
    });

    receiver.mode = 'ok';
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${sub.id}/deliveries/${d.id}/redeliver`,
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.state).toBe('pending');
    expect(await sweep()).toMatchObject({ delivered: 1 });
    expect(receiver.received).toHaveLength(1);
    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.redeliver'), eq(auditLog.targetId, String(sub.id))));
    expect(audits).toHaveLength(1);
    // Another subscription's delivery id under this subscription: 404.
    const other = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${sub.id}/deliveries/999999/redeliver`,
      headers: { cookie: admin.cookie },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('subscriptions through the open API', () => {
  const open = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    authorization: string,
    payload?: unknown,
    headers = {},
  ) =>
    ctx.injectAsIs({
      method,
      url: `/api/open/v1${url}`,
      headers: { authorization, ...headers },
      payload: payload as object,
    });

  it('creates (secret once), lists and deletes its own; another key sees none of them', async () => {
    const mine = await openApiKey(ctx.app, ['webhooks']);
    const theirs = await openApiKey(ctx.app, ['webhooks']);
    const created = await open('POST', '/webhooks', mine.authorization, {
      url: 'https://erp.example.com/hook',
      events: ['order.paid', 'refund.succeeded'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data.secret).toMatch(/^whsec_/);
    expect(data.secret.startsWith(data.prefix)).toBe(true);
    expect(data.created_at).toMatch(/\+08:00$/);

    const list = await open('GET', '/webhooks', mine.authorization);
    expect(list.json().data.map((w: { id: number }) => w.id)).toEqual([data.id]);
    expect(list.body).not.toContain(data.secret);
    expect((await open('GET', '/webhooks', theirs.authorization)).json().data).toEqual([]);
    expect((await open('DELETE', `/webhooks/${data.id}`, theirs.authorization)).statusCode).toBe(404);
    expect((await open('DELETE', '/webhooks/999999', mine.authorization)).statusCode).toBe(404);

    const deleted = await open('DELETE', `/webhooks/${data.id}`, mine.authorization);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await open('GET', '/webhooks', mine.authorization)).json().data).toEqual([]);
    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(data.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['webhook.create', 'webhook.delete']);
    expect(audits[0].operatorName).toMatch(/^开放接口·/);
    expect(JSON.stringify(audits)).not.toContain(data.secret);
  });

  it('refuses bad URLs, unknown events and fields with field messages', async () => {
    const { authorization } = await openApiKey(ctx.app, ['webhooks']);
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'ftp://erp.example.com', events: ['order.paid'] }, 'url'],
      [{ url: 'not a url', events: ['order.paid'] }, 'url'],
      [{ url: 'http://169.254.169.254/latest/meta-data', events: ['order.paid'] }, 'url'],
      [{ url: 'http://[::ffff:169.254.169.254]/', events: ['order.paid'] }, 'url'],
      [{ url: 'https://erp.example.com', events: ['order.shipped'] }, 'events.0'],
      [{ url: 'https://erp.example.com', events: [] }, 'events'],
      [{ url: 'https://erp.example.com', events: ['order.paid'], secret: 'mine' }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await open('POST', '/webhooks', authorization, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().error.code).toBe('invalid_request');
      if (field) expect(Object.keys(res.json().error.fields), JSON.stringify(body)).toContain(field);
    }
  });

  it('401 revoked key, 403 without the webhooks scope, and an idempotent replay of a POST', async () => {
    const goodsOnly = await openApiKey(ctx.app, ['goods']);
    expect((await open('GET', '/webhooks', goodsOnly.authorization)).statusCode).toBe(403);

    const key = await openApiKey(ctx.app, ['webhooks']);
    const body = { url: 'https://erp.example.com/once', events: ['company.approved'] };
    const first = await open('POST', '/webhooks', key.authorization, body, { 'idempotency-key': 'sub-1' });
    const second = await open('POST', '/webhooks', key.authorization, body, { 'idempotency-key': 'sub-1' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.id).toBe(first.json().data.id);
    expect((await open('GET', '/webhooks', key.authorization)).json().data).toHaveLength(1);
    // Another request under the same key is refused while the answer is kept (a day)...
    const other = { url: 'https://erp.example.com/twice', events: ['company.approved'] };
    const reused = await open('POST', '/webhooks', key.authorization, other, { 'idempotency-key': 'sub-1' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('idempotency_conflict');
    // ...and taken as a new call once the kept answer is over a day old.
    offsetMs += 25 * 3_600_000;
    try {
      const later = await open('POST', '/webhooks', key.authorization, other, { 'idempotency-key': 'sub-1' });
      expect(later.statusCode).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(later.json().data.id).not.toBe(first.json().data.id);
    } finally {
      offsetMs -= 25 * 3_600_000;
    }

    const revoke = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/open/keys/${key.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await open('GET', '/webhooks', key.authorization)).statusCode).toBe(401);
  });

  it('is documented: every route with a summary and the signature verification sample', async () => {
    const doc = ctx.app.openApiDocument() as {
      paths: Record<string, Record<string, { summary?: string; description?: string }>>;
    };
    const paths = doc.paths['/api/open/v1/webhooks'];
    expect(paths.get.summary).toBeTruthy();
    expect(paths.post.description).toContain('timingSafeEqual');
    expect(paths.post.description).toContain('Yaocai-Signature');
    expect(doc.paths['/api/open/v1/webhooks/{id}'].delete.summary).toBeTruthy();
  });
});

describe('the console', () => {
  it('lists, switches off and deletes, behind open:read / open:write', async () => {
    const sub = await subscribe(['order.paid', 'order.cancelled']);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/webhooks',
      headers: { cookie: admin.cookie },
    });
    expect(list.json().data[0]).toMatchObject({
      id: sub.id,
      active: true,
      events: ['order.paid', 'order.cancelled'],
    });
    expect(list.body).not.toContain(sub.secret);

    const off = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${sub.id}/active`,
      headers: { cookie: admin.cookie },
      payload: { active: false },
    });
    expect(off.json().data.active).toBe(false);
    await paidOrder();
    expect(await deliveriesOf(sub.id)).toHaveLength(0);

    const operations = await operatorCookie(ctx.app, 'operations');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: { cookie: operations.cookie },
      payload: { url: receiver.url, events: ['order.paid'] },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: { cookie: admin.cookie },
      payload: { url: 'http://169.254.169.254/', events: ['order.paid'] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors.url[0]).toContain('169.254');

    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/webhooks/${sub.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(del.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/webhooks/${sub.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(404);
  });
});
