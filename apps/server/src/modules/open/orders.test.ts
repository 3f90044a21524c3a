import type { OpenOrder } from '@yaocai/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  key,
  makeWarehouse,
  openApiKey,
  operatorCookie,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, companies, goods, goodsBatches, orders, shipments } from '../../db/schema';
import { erpOrderPage } from '../order/erp-feed';

// The ERP's orders: the feed (GET /orders), ack and shipments, on both databases.

let ctx: TestContext;
let warehouseId: number;
let op: string;
let ordersKey: Awaited<ReturnType<typeof openApiKey>>;
let shipKey: Awaited<ReturnType<typeof openApiKey>>;
let goodsKey: Awaited<ReturnType<typeof openApiKey>>;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, config: { openOrdersSettleMs: 0 } });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
  ({ cookie: op } = await operatorCookie(ctx.app));
  ordersKey = await openApiKey(ctx.app, ['orders'], { name: '金蝶订单' });
  shipKey = await openApiKey(ctx.app, ['shipments'], { name: '金蝶发货' });
  goodsKey = await openApiKey(ctx.app, ['goods']);
});
afterAll(() => ctx.close());

const open = (
  method: 'GET' | 'POST',
  url: string,
  authorization: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  ctx.injectAsIs({
    method,
    url: `/api/open/v1${url}`,
    headers: { authorization, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A paid order of `quantity` units of a new goods (its stock one 2030 batch), paid from the balance. */
async function paidOrder(o: { quantity?: number; scopeClass?: string } = {}) {
  const b = await createBuyer(ctx.app.db, { balanceFen: 10_000_000 });
  const cookie = await buyerCookie(ctx.app, b.user.id);
  const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 1234, scopeClass: o.scopeClass });
  const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, o.quantity ?? 3);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/order/create',
    payload: { ids: [line.id] },
    headers: { cookie, 'idempotency-key': key() },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  const paid = await ctx.app.inject({
    method: 'POST',
    url: '/api/pay/balance',
    payload: { order_id: id },
    headers: { cookie },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
  return { buyer: b, id, orderNo: row.orderNo, goodsId: g.id };
}

/** Every order the feed lists from the start, page by page (`limit` each). */
async function walk(limit: number, query = '') {
  const seen: OpenOrder[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await open(
      'GET',
      `/orders?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`,
      ordersKey.authorization,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: OpenOrder[]; next_cursor: string | null };
    expect(body.data.length).toBeLessThanOrEqual(limit);
    seen.push(...body.data);
    cursor = body.next_cursor;
    pages++;
  } while (cursor && pages < 100);
  return seen;
}

const codes = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `8${String(from + i).padStart(19, '0')}`);

describe('GET /api/open/v1/orders', () => {
  it('lists an order with its lines, buyer, licences, address, invoice request and payments', async () => {
    const o = await paidOrder({ quantity: 4 });
    // The ERP's own codes of the goods and the buyer, once mapped.
    await ctx.app.db
      .update(goods)
      .set({ erpCode: `SP${o.goodsId}` })
      .where(eq(goods.id, o.goodsId));
    await ctx.app.db
      .update(companies)
      .set({ erpCode: `KH${o.buyer.company.id}` })
      .where(eq(companies.id, o.buyer.company.id));
    const all = await walk(100);
    const found = all.find((x) => x.order_no === o.orderNo);
    expect(found).toMatchObject({
      status: 'awaiting_shipment',
      status_label: '待发货',
      acked_at: null,
      buyer: {
        company_id: o.buyer.company.id,
        company_name: o.buyer.company.name,
        erp_code: `KH${o.buyer.company.id}`,
        store_id: o.buyer.user.id,
      },
      amounts: { goods: 49.36, total: expect.any(Number), paid: expect.any(Number), refunded: 0 },
      lines: [
        {
          kind: 'goods',
          goods_id: o.goodsId,
          erp_code: `SP${o.goodsId}`,
          quantity: 4,
          unit_price: 12.34,
          amount: 49.36,
          discount: 0,
          payable: 49.36,
          warehouse_id: warehouseId,
        },
      ],
      payments: [{ channel: 'balance', refunded: 0, paid_at: expect.any(String) }],
      shipments: [],
    });
    expect(found?.payments[0]?.amount).toBe(found?.amounts.total);
    expect(found?.address.consignee).toEqual(expect.any(String));
    expect(Array.isArray(found?.buyer.licences)).toBe(true);
    expect(found?.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('refuses a missing or revoked key (401), a key without the orders scope (403), and bad queries (422 by field)', async () => {
    expect((await open('GET', '/orders', '')).statusCode).toBe(401);
    const doomed = await openApiKey(ctx.app, ['orders']);
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/open/keys/${doomed.id}`,
      headers: { cookie: op },
    });
    expect(revoked.statusCode).toBe(200);
    const gone = await open('GET', '/orders', doomed.authorization);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().error.code).toBe('unauthorized');

    for (const k of [goodsKey, shipKey]) {
      const res = await open('GET', '/orders', k.authorization);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
      expect(res.body).not.toContain('order_no');
    }

    const bad = await open(
      'GET',
      '/orders?limit=101&status=paid&updated_since=yesterday&cursor=bm9wZQ',
      ordersKey.authorization,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe('invalid_request');
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(['limit', 'status', 'updated_since']),
    );
    const badCursor = await open('GET', '/orders?cursor=bm9wZQ', ordersKey.authorization);
    expect(badCursor.statusCode).toBe(422);
    expect(badCursor.json().error.fields.cursor[0]).toContain('next_cursor');
    const unknown = await open('GET', '/orders?page=2', ordersKey.authorization);
    expect(unknown.statusCode).toBe(422);
  });

  it('pages without duplicates or gaps; an order changed between pages comes again at the end', async () => {
    for (let i = 0; i < 7; i++) await paidOrder({ quantity: 1 });
    const everything = await walk(100);
    const byThree = await walk(3);
    expect(byThree.map((o) => o.order_no)).toEqual(everything.map((o) => o.order_no));
    expect(new Set(byThree.map((o) => o.order_no)).size).toBe(byThree.length);
    const stamps = everything.map((o) => `${o.updated_at}`);
    expect([...stamps].sort()).toEqual(stamps);

    // Read two pages, change an order already read, and read on: it comes again, last.
    const first = await open('GET', '/orders?limit=2', ordersKey.authorization);
    const [read] = first.json().data as OpenOrder[];
    const shipped = await open('POST', `/orders/${read.order_no}/shipments`, shipKey.authorization, {
      carrier: '顺丰速运',
      tracking_no: 'SF7770001',
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    let cursor: string | null = first.json().next_cursor;
    const rest: OpenOrder[] = [];
    while (cursor) {
      const res = await open('GET', `/orders?limit=2&cursor=${cursor}`, ordersKey.authorization);
      rest.push(...res.json().data);
      cursor = res.json().next_cursor;
    }
    expect(rest.at(-1)).toMatchObject({ order_no: read.order_no, status: 'shipped' });
    expect(rest.at(-1)?.shipments).toEqual([
      { carrier: '顺丰速运', tracking_no: 'SF7770001', shipped_at: expect.any(String) },
    ]);
    expect(rest.length + 2).toBe(everything.length + 1);
  });

  it('filters by status and updated_since', async () => {
    const before = new Date(Date.now() - 1);
    const o = await paidOrder();
    const since = await walk(100, `&updated_since=${encodeURIComponent(before.toISOString())}`);
    expect(since.map((x) => x.order_no)).toEqual([o.orderNo]);
    const later = await walk(
      100,
      `&updated_since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(later).toEqual([]);
    const shippedOnly = await walk(100, '&status=shipped');
    expect(shippedOnly.length).toBeGreaterThan(0);
    expect(shippedOnly.every((x) => x.status === 'shipped')).toBe(true);
    // An offset other than Z reads as the same instant.
    const plus8 = new Date(before.getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
    const same = await walk(100, `&updated_since=${encodeURIComponent(plus8)}`);
    expect(same.map((x) => x.order_no)).toEqual([o.orderNo]);
  });

  it('lists an order again when its buyer asks for an invoice, with the request', async () => {
    const o = await paidOrder();
    const [before] = await ctx.app.db.select().from(orders).where(eq(orders.id, o.id));
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/invoices',
      headers: { cookie: await buyerCookie(ctx.app, o.buyer.user.id) },
      payload: { order_id: o.id, type: 1, title: '杭州仁心大药房有限公司' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [after] = await ctx.app.db.select().from(orders).where(eq(orders.id, o.id));
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const since = await walk(100, `&updated_since=${encodeURIComponent(after.updatedAt.toISOString())}`);
    expect(since.find((x) => x.order_no === o.orderNo)?.invoice).toEqual({
      type: 'normal',
      title: '杭州仁心大药房有限公司',
      tax_no: null,
    });
  });

  it('holds back orders changed within the settling window', async () => {
    const o = await paidOrder();
    const page = (settledBefore: Date) =>
      erpOrderPage(ctx.app.db, { limit: 100, settledBefore }).then((p) => p.orders.map((x) => x.order_no));
    expect(await page(new Date())).toContain(o.orderNo);
    expect(await page(new Date(Date.now() - 60_000))).not.toContain(o.orderNo);
  });
});

describe('POST /api/open/v1/orders/{order_no}/ack', () => {
  it('records when the ERP took it, once, audited under the key, without moving the order in the feed', async () => {
    const o = await paidOrder();
    const [before] = await ctx.app.db.select().from(orders).where(eq(orders.id, o.id));
    const first = await open('POST', `/orders/${o.orderNo}/ack`, ordersKey.authorization);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ order_no: o.orderNo, acked_at: expect.any(String) });
    const again = await open('POST', `/orders/${o.orderNo}/ack`, ordersKey.authorization, {});
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const [after] = await ctx.app.db.select().from(orders).where(eq(orders.id, o.id));
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(after.ackedKeyId).toBe(ordersKey.id);
    const rows = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.ack'), eq(auditLog.targetId, String(o.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0].operatorName).toBe('开放接口·金蝶订单');
    const listed = (await walk(100)).find((x) => x.order_no === o.orderNo);
    expect(listed?.acked_at).toBe(first.json().data.acked_at);
  });

  it('answers 404 for an unknown order, 403 without the orders scope', async () => {
    const missing = await open('POST', '/orders/YC000000000000/ack', ordersKey.authorization);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    const o = await paidOrder();
    expect((await open('POST', `/orders/${o.orderNo}/ack`, shipKey.authorization)).statusCode).toBe(403);
    const long = await open('POST', `/orders/${'9'.repeat(41)}/ack`, ordersKey.authorization);
    expect(long.statusCode).toBe(422);
    expect(long.json().error.fields.order_no).toBeDefined();
  });
});

describe('POST /api/open/v1/orders/{order_no}/shipments', () => {
  it('ships with the console’s rules: FEFO batches checked, trace codes per pack, refusals by field', async () => {
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/settings/compliance',
      headers: { cookie: op },
      payload: { trace_codes_required: true, near_expiry_months: 6 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      await shipDrugOrder();
    } finally {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/settings/compliance',
        headers: { cookie: op },
        payload: { trace_codes_required: false, near_expiry_months: 6 },
      });
    }
  });

  async function shipDrugOrder() {
    const o = await paidOrder({ quantity: 5, scopeClass: 'cfy' });
    await ctx.app.db.insert(goodsBatches).values({
      goodsId: o.goodsId,
      warehouseId,
      batchNo: 'E2703',
      producedOn: '2024-01-01',
      expiresOn: '2027-03-31',
      quantity: 3,
    });
    await ctx.app.db.insert(goodsBatches).values({
      goodsId: o.goodsId,
      warehouseId,
      batchNo: 'X2501',
      producedOn: '2023-01-01',
      expiresOn: '2025-01-31',
      quantity: 50,
    });
    const feed = (await walk(100)).find((x) => x.order_no === o.orderNo);
    const lineId = feed?.lines[0]?.line_id as number;
    const ship = (body: object, headers: Record<string, string> = {}) =>
      open(
        'POST',
        `/orders/${o.orderNo}/shipments`,
        shipKey.authorization,
        { carrier: '顺丰速运', tracking_no: 'SF8880001', ...body },
        headers,
      );

    const noCodes = await ship({});
    expect(noCodes.statusCode).toBe(422);
    expect(noCodes.json().error.fields.lines[0]).toContain('药品追溯码');
    const miscounted = await ship({ lines: [{ line_id: lineId, trace_codes: codes(100, 2) }] });
    expect(miscounted.json().error.fields['lines.0.trace_codes'][0]).toContain('应录入5个追溯码');
    const wrongBatch = await ship({
      lines: [{ line_id: lineId, batches: [{ batch_no: 'X2501', quantity: 5 }], trace_codes: codes(100, 5) }],
    });
    expect(wrongBatch.statusCode).toBe(422);
    expect(wrongBatch.json().error.fields['lines.0.batches'][0]).toContain(
      `E2703×3、T${o.goodsId}W${warehouseId}×2`,
    );
    const otherLine = await ship({ lines: [{ line_id: 999_999, trace_codes: codes(100, 1) }] });
    expect(otherLine.statusCode).toBe(422);
    const badBody = await ship({ tracking_no: '顺丰', extra: 1, lines: [{ line_id: 'x' }] });
    expect(badBody.statusCode).toBe(422);
    expect(Object.keys(badBody.json().error.fields)).toEqual(
      expect.arrayContaining(['tracking_no', 'lines.0.line_id']),
    );
    const [stillPaid] = await ctx.app.db.select().from(orders).where(eq(orders.id, o.id));
    expect(stillPaid.status).toBe('awaiting_shipment');

    const body = {
      lines: [
        {
          line_id: lineId,
          batches: [
            { batch_no: `T${o.goodsId}W${warehouseId}`, quantity: 2 },
            { batch_no: 'E2703', quantity: 3 },
          ],
          trace_codes: codes(100, 5),
        },
      ],
    };
    const idem = { 'idempotency-key': `ship-${o.orderNo}` };
    const shipped = await ship(body, idem);
    expect(shipped.statusCode, shipped.body).toBe(201);
    expect(shipped.json().data).toEqual({
      shipment_id: expect.any(Number),
      order_no: o.orderNo,
      status: 'shipped',
      lines: [
        {
          line_id: lineId,
          batches: [
            { batch_no: 'E2703', expires_on: '2027-03-31', quantity: 3 },
            { batch_no: `T${o.goodsId}W${warehouseId}`, expires_on: '2030-12-31', quantity: 2 },
          ],
          trace_codes: 5,
        },
      ],
    });
    // The same call with the same key replays the answer; it ships once.
    const replay = await ship(body, idem);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(shipped.json());
    // Without the key, the order's state refuses a second shipment.
    const second = await ship(body);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({ code: 'conflict', message: expect.stringContaining('发货') });
    const rows = await ctx.app.db.select().from(shipments).where(eq(shipments.orderId, o.id));
    expect(rows).toHaveLength(1);
    const audited = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.ship'), eq(auditLog.targetId, String(o.id))));
    expect(audited.map((a) => a.operatorName)).toEqual(['开放接口·金蝶发货']);
  }

  it('refuses an unpaid order (409), too little in-date stock (409), an unknown order (404), a key without the scope (403)', async () => {
    const b = await createBuyer(ctx.app.db, { balanceFen: 0 });
    const cookie = await buyerCookie(ctx.app, b.user.id);
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 500 });
    const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/create',
      payload: { ids: [line.id] },
      headers: { cookie, 'idempotency-key': key() },
    });
    const [unpaid] = await ctx.app.db.select().from(orders).where(eq(orders.id, created.json().data.id));
    const body = { carrier: '中通快递', tracking_no: 'ZT1234567' };
    const refused = await open('POST', `/orders/${unpaid.orderNo}/shipments`, shipKey.authorization, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('conflict');

    const short = await paidOrder({ quantity: 3 });
    await ctx.app.db.update(goodsBatches).set({ quantity: 1 }).where(eq(goodsBatches.goodsId, short.goodsId));
    const noStock = await open('POST', `/orders/${short.orderNo}/shipments`, shipKey.authorization, body);
    expect(noStock.statusCode).toBe(409);
    expect(noStock.json().error.message).toContain('在效期内的批次库存不足');

    const missing = await open('POST', '/orders/YC1/shipments', shipKey.authorization, body);
    expect(missing.statusCode).toBe(404);
    const noScope = await open('POST', `/orders/${short.orderNo}/shipments`, ordersKey.authorization, body);
    expect(noScope.statusCode).toBe(403);
  });

  it('ships an order once when two shipments arrive at the same moment', async () => {
    const o = await paidOrder({ quantity: 2 });
    const results = await Promise.all(
      ['SF9990001', 'SF9990002', 'SF9990003'].map((tracking_no) =>
        open('POST', `/orders/${o.orderNo}/shipments`, shipKey.authorization, {
          carrier: '顺丰速运',
          tracking_no,
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses, results.map((r) => r.body).join('\n')).toEqual([201, 409, 409]);
    const rows = await ctx.app.db.select().from(shipments).where(eq(shipments.orderId, o.id));
    expect(rows).toHaveLength(1);
    const [left] = await ctx.app.db
      .select({ total: sql<number>`sum(${goodsBatches.quantity})::int` })
      .from(goodsBatches)
      .where(eq(goodsBatches.goodsId, o.goodsId));
    expect(left.total).toBe(98);
  });
});

describe('the open API document', () => {
  it('documents the order calls with summaries, descriptions and examples', () => {
    const doc = ctx.app.openApiDocument() as {
      paths: Record<string, Record<string, { summary?: string; description?: string }>>;
    };
    const text = JSON.stringify(doc);
    for (const [path, method] of [
      ['/api/open/v1/orders', 'get'],
      ['/api/open/v1/orders/{order_no}/ack', 'post'],
      ['/api/open/v1/orders/{order_no}/shipments', 'post'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, path).toBeTruthy();
      expect(op?.description, path).toBeTruthy();
    }
    expect(text).toContain('YC202611281030001234');
    expect(text).toContain('SF1234567890');
  });
});
