/**
 * Payment notification budget (issue #31): a WeChat Pay notification is handled, with its
 * signature check, in p99 < 50 ms at 32 connections (local provider).
 * Distinct open trades are paid at a local WeChat Pay API v3 double; their signed, encrypted
 * notifications are then posted over HTTP by 32 connections, each trade's once. The handling
 * verifies the signature, decrypts, asks the double for the trade (the provider's word decides)
 * and marks the order paid; afterwards every order must be paid exactly once.
 * The floor beside it, in the same process and run: a bare Fastify route that does the provider
 * work of the app's handler with the app's own provider code (verify, decrypt, the signed query
 * to the double and its signed answer) and no database: what the budget leaves for ours.
 * Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/scenarios/notify.ts
 * (a scratch database is created and dropped; the app runs in this process beside autocannon).
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { orders, payments } from '../../apps/server/src/db/schema';
import { readWechatPaySettings } from '../../apps/server/src/lib/payment-channels/wechat';
import { createWechatPayProvider } from '../../apps/server/src/modules/payment/wechat/provider';
import {
  merchantKeys,
  type SignedNotification,
  WechatPayDouble,
} from '../../apps/server/src/modules/payment/wechat/wechatpay-double';
import { makeWarehouse, unpaidOrder } from '../../apps/server/test/factories';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const TRADES = Number(process.env.BENCH_TRADES ?? 1200);
const BUDGET_P99_MS = 50;
const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';

export async function run() {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  // The API tests' app (test/helpers.ts: a scratch database, requests as a browser sends them).
  process.env.TEST_DB = 'postgres';
  process.env.TEST_DATABASE_URL = adminUrl;
  const { createTestApp } = await import('../../apps/server/test/helpers');
  const apiV3Key = randomBytes(16).toString('hex');
  const merchant = merchantKeys();
  const double = await new WechatPayDouble({
    mchid: MCHID,
    appid: APPID,
    mchSerial: SERIAL,
    merchantPublicKey: merchant.publicKey,
    apiV3Key,
  }).start();
  const wechat = readWechatPaySettings(double.appEnvironment(merchant.privateKey));
  const ctx = await createTestApp({
    seed: false,
    config: { paymentChannels: ['wechat'], paymentSettings: { wechat } },
  });
  const app = ctx.app;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const base = `http://127.0.0.1:${address.port}`;

    const t0 = Date.now();
    const warehouseId = (await makeWarehouse(app.db)).id;
    const signed: SignedNotification[] = [];
    let notifyPath = '';
    for (let i = 0; i < TRADES; i++) {
      const b = await unpaidOrder(app, warehouseId, { priceFen: 10_000 + i });
      const started = await app.inject({
        method: 'POST',
        url: '/api/pay/online',
        payload: { order_id: b.orderId, provider: 'wechat' },
        headers: { cookie: b.cookie },
      });
      if (started.statusCode !== 200) throw new Error(`trade not opened: ${started.body}`);
      const outTradeNo = started.json().data.out_trade_no as string;
      double.pay(outTradeNo);
      notifyPath ||= new URL(double.trades.get(outTradeNo)?.notifyUrl ?? '').pathname;
      signed.push(double.notification(outTradeNo));
    }
    console.log(`${TRADES} open trades paid at the double in ${Date.now() - t0} ms`);

    const load = (url: string) => {
      let next = 0;
      return autocannon({
        url,
        connections: CONNECTIONS,
        amount: TRADES,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const n = signed[next++ % signed.length];
              return { ...req, headers: { ...n.headers }, body: n.body };
            },
          },
        ],
      });
    };
    const result = await load(`${base}${notifyPath}`);

    // The floor: the same notifications (their trades are paid at the double, so each query
    // answers SUCCESS again), the provider's work only.
    const provider = createWechatPayProvider(wechat);
    const bare = Fastify({ logger: false });
    // The body as the app reads it: the raw text its signature covers.
    bare.removeAllContentTypeParsers();
    bare.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    bare.post('/notify', async (request, reply) => {
      const claim = await provider.readNotification(app.db, {
        body: String(request.body ?? ''),
        headers: request.headers,
      });
      if (!claim) return reply.status(400).send({ code: 'FAIL' });
      const trade = await provider.query(app.db, claim.outTradeNo);
      if (trade.state !== 'SUCCESS') return reply.status(500).send({ code: 'FAIL' });
      return { code: 'SUCCESS', message: '成功' };
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareAddress = bare.server.address();
    if (!bareAddress || typeof bareAddress === 'string') throw new Error('no address');
    const floorResult = await load(`http://127.0.0.1:${bareAddress.port}/notify`);
    await bare.close();
    if (floorResult.non2xx > 0) throw new Error(`the floor refused ${floorResult.non2xx} notifications`);
    const floor = {
      '2xx': floorResult['2xx'],
      reqPerSec: Math.round(floorResult.requests.average),
      p50: floorResult.latency.p50,
      p99: floorResult.latency.p99,
      max: floorResult.latency.max,
    };
    console.log('floor: bare Fastify, the provider work only (verify, decrypt, signed query):', floor);
    const paid = await app.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.status, 'awaiting_shipment'));
    const paidTrades = await app.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.status, 'paid'));
    const figures = {
      connections: CONNECTIONS,
      requests: result.requests.total,
      statuses: { '2xx': result['2xx'], non2xx: result.non2xx },
      reqPerSec: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      ordersPaid: paid.length,
      tradesPaid: paidTrades.length,
    };
    console.log('wechat notification (verify, decrypt, query, apply):', figures);
    const met = figures.p99 < BUDGET_P99_MS && figures.ordersPaid === TRADES && figures.tradesPaid === TRADES;
    console.log(
      `budget: notification p99 < ${BUDGET_P99_MS} ms at ${CONNECTIONS} connections: ${met ? 'met' : 'NOT met'} (p99 ${figures.p99} ms, ${figures.ordersPaid} of ${TRADES} orders paid once)`,
    );
    return { ...figures, floor, met };
  } finally {
    await ctx.close();
    await double.stop();
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
