import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  key,
  makeWarehouse,
  openApiKey,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { orders, shipments } from '../../db/schema';

// The reference client (examples/erp-sync) run as an integrator runs it, against a listening server.

const run = promisify(execFile);
const clientDir = path.resolve(__dirname, '../../../../../examples/erp-sync');

let ctx: TestContext;
let baseUrl: string;
let warehouseId: number;
let work: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, config: { openOrdersSettleMs: 0 } });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const erp = await openApiKey(ctx.app, ['orders', 'shipments'], { name: '参考客户端' });
  env = { ...process.env, YAOCAI_URL: baseUrl, YAOCAI_KEY: erp.key };
  work = mkdtempSync(path.join(tmpdir(), 'erp-sync-'));
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await ctx.close();
});

async function paidOrder(quantity: number) {
  const b = await createBuyer(ctx.app.db, { balanceFen: 10_000_000 });
  const cookie = await buyerCookie(ctx.app, b.user.id);
  const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 1990 });
  const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, quantity);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/order/create',
    payload: { ids: [line.id] },
    headers: { cookie, 'idempotency-key': key() },
  });
  const id = created.json().data.id as number;
  const paid = await ctx.app.inject({
    method: 'POST',
    url: '/api/pay/balance',
    payload: { order_id: id },
    headers: { cookie },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
  return { id, orderNo: row.orderNo, goodsId: g.id };
}

const node = (script: string, args: string[]) =>
  run(process.execPath, [path.join(clientDir, script), ...args], { cwd: work, env });

describe('examples/erp-sync', () => {
  it('pulls new orders into a CSV and acks them, then only what changed; pushes a shipment from a CSV', async () => {
    const first = await paidOrder(2);
    const second = await paidOrder(1);
    const pulled = await node('pull-orders.mjs', ['--out', 'orders.csv', '--state', 'state.json']);
    expect(pulled.stdout).toContain('pulled 2 orders into orders.csv, acknowledged 2');
    const csv = readFileSync(path.join(work, 'orders.csv'), 'utf8');
    expect(csv.startsWith('\uFEFForder_no,status')).toBe(true);
    expect(csv).toContain(first.orderNo);
    expect(csv).toContain(second.orderNo);
    const acked = await ctx.app.db.select({ at: orders.ackedAt }).from(orders).where(eq(orders.id, first.id));
    expect(acked[0].at).not.toBeNull();

    // Nothing new: nothing pulled.
    const again = await node('pull-orders.mjs', ['--out', 'orders.csv', '--state', 'state.json']);
    expect(again.stdout).toContain('pulled 0 orders');

    // Ship the first from a CSV file; the next pull brings it back as shipped (already acked).
    const feed = await ctx.injectAsIs({
      method: 'GET',
      url: '/api/open/v1/orders',
      headers: { authorization: `Bearer ${env.YAOCAI_KEY}` },
    });
    const lineId = feed.json().data.find((o: { order_no: string }) => o.order_no === first.orderNo)
      .lines[0].line_id;
    writeFileSync(
      path.join(work, 'shipment.csv'),
      `carrier,tracking_no,line_id,batch_no,quantity,trace_codes\r\n顺丰速运,SF4440001,${lineId},T${first.goodsId}W${warehouseId},2,\r\n`,
    );
    const pushed = await node('push-shipment.mjs', [first.orderNo, 'shipment.csv']);
    expect(pushed.stdout).toContain(`shipped ${first.orderNo}`);
    expect(pushed.stdout).toContain(`T${first.goodsId}W${warehouseId}×2`);
    // Run again (a lost answer): the Idempotency-Key replays it; it shipped once.
    const replayed = await node('push-shipment.mjs', [first.orderNo, 'shipment.csv']);
    expect(replayed.stdout).toContain(`shipped ${first.orderNo}`);
    expect(await ctx.app.db.select().from(shipments).where(eq(shipments.orderId, first.id))).toHaveLength(1);

    const third = await node('pull-orders.mjs', ['--out', 'orders.csv', '--state', 'state.json']);
    expect(third.stdout).toContain('pulled 1 orders into orders.csv, acknowledged 0');
    expect(readFileSync(path.join(work, 'orders.csv'), 'utf8')).toContain(',shipped,');

    // A refusal shows the fields and exits 1.
    writeFileSync(
      path.join(work, 'bad.json'),
      JSON.stringify({
        carrier: '顺丰速运',
        tracking_no: 'SF4440002',
        lines: [{ line_id: lineId, batches: [{ batch_no: 'NOPE', quantity: 1 }] }],
      }),
    );
    const refused = await node('push-shipment.mjs', [second.orderNo, 'bad.json']).catch((e) => e);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refused: 422 invalid_request');
    expect(refused.stderr).toContain('lines.0');
  });

  it('retries 429 and 5xx with the same Idempotency-Key, honouring Retry-After', async () => {
    const seen: { method?: string; key?: string | string[] }[] = [];
    const answers = [
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 503, headers: {} },
      { status: 200, headers: {} },
    ];
    const server = createServer((request, response) => {
      seen.push({ method: request.method, key: request.headers['idempotency-key'] });
      const answer = answers[seen.length - 1] ?? { status: 500, headers: {} };
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(
        answer.status === 200
          ? '{"data":{"ok":true}}'
          : '{"error":{"code":"rate_limited","message":"慢一点"}}',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const lib = await import(path.join(clientDir, 'lib.mjs'));
      const client = lib.createClient({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        key: 'yc_test',
        baseDelayMs: 10,
      });
      const started = Date.now();
      const answer = await client.post('/orders/X/ack', {});
      expect(answer).toEqual({ data: { ok: true } });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(seen).toHaveLength(3);
      expect(new Set(seen.map((s) => s.key)).size).toBe(1);
      expect(seen[0].key).toEqual(expect.any(String));

      const failing = lib.createClient({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        key: 'k',
        retries: 1,
        baseDelayMs: 1,
      });
      const error = await failing.get('/key').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(lib.OpenApiError);
      expect(error.status).toBe(500);
    } finally {
      server.close();
    }
  });
});
