// WeChat Pay (API v3 Native) against a local double of its protocol, with keys made here.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWarehouse, unpaidOrder } from '../../../../test/factories';
import { createTestApp, type TestContext, testDbKind } from '../../../../test/helpers';
import { loadConfig } from '../../../config';
import {
  moneyLog,
  orders,
  paymentNotifications,
  paymentRefunds,
  payments,
  walletAccounts,
} from '../../../db/schema';
import { readWechatPaySettings } from '../../../lib/payment-channels/wechat';
import { sweepExpiredOrders } from '../../order/service';
import { ProviderError, providers } from '../provider';
import { pollRefunds } from '../refunds';
import { chinaTime, createWechatPayProvider, parseTradeBill } from './provider';
import { merchantKeys, type SignedNotification, WechatPayDouble } from './wechatpay-double';

const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const APIV3_KEY = randomBytes(16).toString('hex'); // 32 bytes
const merchant = merchantKeys();
const merchantPem = merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let ctx: TestContext;
let double: WechatPayDouble;
let warehouseId: number;

const envFor = (d: WechatPayDouble, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv =>
  d.appEnvironment(merchant.privateKey, { WECHATPAY_TIMEOUT_MS: '3000', ...extra });

/** WeChat Pay's POST to our notify URL, through the app (no browser headers). */
const deliver = async (url: string, n: SignedNotification) => {
  const res = await ctx.injectAsIs({
    method: 'POST',
    url: new URL(url).pathname,
    headers: n.headers,
    payload: n.body,
  });
  return { status: res.statusCode, body: res.body };
};

beforeAll(async () => {
  double = await new WechatPayDouble({
    mchid: MCHID,
    appid: APPID,
    mchSerial: SERIAL,
    merchantPublicKey: merchant.publicKey,
    apiV3Key: APIV3_KEY,
    deliver,
  }).start();
  ctx = await createTestApp({
    seed: false,
    config: {
      paymentChannels: ['wechat'],
      paymentSettings: { wechat: readWechatPaySettings(envFor(double)) },
    },
  });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(async () => {
  await ctx?.close();
  await double?.stop();
});

const post = (url: string, cookie: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const SUCCESS = JSON.stringify({ code: 'SUCCESS', message: '成功' });

async function started(priceFen = 100000) {
  const b = await unpaidOrder(ctx.app, warehouseId, { priceFen });
  const res = await post('/api/pay/online', b.cookie, { order_id: b.orderId, provider: 'wechat' });
  expect(res.statusCode, res.body).toBe(200);
  const start = res.json().data as { out_trade_no: string; qr_content: string; amount: number };
  return { ...b, start, outTradeNo: start.out_trade_no };
}

const orderRow = async (id: number) => (await ctx.app.db.select().from(orders).where(eq(orders.id, id)))[0];
const paymentRow = async (outTradeNo: string) =>
  (await ctx.app.db.select().from(payments).where(eq(payments.outTradeNo, outTradeNo)))[0];

describe('WeChat Pay Native (local double)', () => {
  it('lists the channel, places the trade (code_url), takes the notification and the order is paid', async () => {
    const b = await started();
    const channels = (await get('/api/pay/channels', b.cookie)).json().data;
    expect(channels.online).toEqual([{ name: 'wechat', label: '微信支付' }]);
    expect(b.start.qr_content).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const trade = double.trades.get(b.outTradeNo);
    const order = await orderRow(b.orderId);
    expect(trade).toMatchObject({
      amountFen: 100000,
      state: 'NOTPAY',
      notifyUrl: 'https://shop.example.com/api/pay/notify/wechat',
      timeExpire: chinaTime(order.expiresAt),
      description: `药采订单${order.orderNo}`,
    });
    // Reopening the pay page shows the same trade: no second round trip.
    const placed = double.calls.filter((c) => c === 'POST /v3/pay/transactions/native').length;
    const again = (
      await post('/api/pay/online', b.cookie, { order_id: b.orderId, provider: 'wechat' })
    ).json();
    expect(again.data.qr_content).toBe(b.start.qr_content);
    expect(double.calls.filter((c) => c === 'POST /v3/pay/transactions/native')).toHaveLength(placed);
    expect((await get(`/api/pay/status/${b.orderId}`, b.cookie)).json().data.paid).toBe(false);

    expect(double.pay(b.outTradeNo)).toBeTruthy();
    const answer = await double.notify(b.outTradeNo);
    expect(answer).toEqual({ status: 200, body: SUCCESS });
    expect(await orderRow(b.orderId)).toMatchObject({
      status: 'awaiting_shipment',
      paymentMethod: 'online',
      paidFen: 100000,
    });
    expect(await paymentRow(b.outTradeNo)).toMatchObject({
      status: 'paid',
      providerTransactionId: trade?.transactionId,
    });
    expect((await get(`/api/pay/status/${b.orderId}`, b.cookie)).json().data).toMatchObject({ paid: true });
    expect(double.rejected).toBe(0);
  });

  it('the status poll applies a paid trade whose notification has not come', async () => {
    const b = await started();
    double.pay(b.outTradeNo);
    expect((await get(`/api/pay/status/${b.orderId}`, b.cookie)).json().data).toMatchObject({ paid: true });
    // The late notification is then accepted and changes nothing.
    expect(await double.notify(b.outTradeNo)).toEqual({ status: 200, body: SUCCESS });
    const rows = await ctx.app.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.outTradeNo, b.outTradeNo));
    expect(rows).toHaveLength(1);
  });

  it('refuses forged, stale, re-keyed and undecryptable notifications; nothing is paid', async () => {
    const b = await started();
    double.pay(b.outTradeNo);
    const genuine = double.notification(b.outTradeNo);
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const h = genuine.headers;
    const forgedSignature = sign(
      'sha256',
      Buffer.from(`${h['Wechatpay-Timestamp']}\n${h['Wechatpay-Nonce']}\n${genuine.body}\n`),
      forger.privateKey,
    ).toString('base64');
    const attempts: SignedNotification[] = [
      { headers: { ...h, 'Wechatpay-Signature': forgedSignature }, body: genuine.body },
      { headers: { ...h, 'Wechatpay-Serial': 'PUB_KEY_ID_SOMEONE_ELSE' }, body: genuine.body },
      // The body changed after signing (one character of the id).
      { headers: h, body: genuine.body.replace('"id":"', '"id":"x') },
      // Signed by the platform, but ten minutes old.
      double.notification(b.outTradeNo, { at: new Date(Date.now() - 600_000) }),
      // Signed by the platform, encrypted under another APIv3 key.
      double.notification(b.outTradeNo, { apiV3Key: randomBytes(16).toString('hex') }),
      { headers: {}, body: genuine.body },
    ];
    for (const n of attempts) {
      const res = await deliver('https://x/api/pay/notify/wechat', n);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ code: 'FAIL', message: '支付通知签名验证失败' });
    }
    expect((await orderRow(b.orderId)).status).toBe('pending_payment');
    expect(await paymentRow(b.outTradeNo)).toMatchObject({ status: 'pending' });
    expect(
      await ctx.app.db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.outTradeNo, b.outTradeNo)),
    ).toHaveLength(0);
    // The genuine one is taken (so the refusals above were the checks, not a broken setup).
    expect(await deliver('https://x/api/pay/notify/wechat', genuine)).toEqual({ status: 200, body: SUCCESS });
    expect((await orderRow(b.orderId)).status).toBe('awaiting_shipment');
  });

  it('a replayed notification is accepted and applied once', async () => {
    const b = await started();
    double.pay(b.outTradeNo);
    const n = double.notification(b.outTradeNo);
    const answers = [await deliver('https://x/api/pay/notify/wechat', n)];
    answers.push(...(await Promise.all([1, 2, 3].map(() => deliver('https://x/api/pay/notify/wechat', n)))));
    answers.push(await double.notify(b.outTradeNo)); // a fresh one of the same trade
    for (const a of answers) expect(a).toEqual({ status: 200, body: SUCCESS });
    const rows = await ctx.app.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.outTradeNo, b.outTradeNo));
    expect(rows).toHaveLength(1);
    const o = await orderRow(b.orderId);
    expect(o).toMatchObject({ status: 'awaiting_shipment', paidFen: 100000 });
    expect(await ctx.app.db.select().from(moneyLog).where(eq(moneyLog.userId, b.user.id))).toHaveLength(0);
  });

  it('refuses a trade whose provider amount is not the order’s', async () => {
    const b = await started();
    double.pay(b.outTradeNo, { amountFen: 1 });
    const res = await double.notify(b.outTradeNo);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ code: 'FAIL', message: '支付金额与订单金额不符' });
    expect((await orderRow(b.orderId)).status).toBe('pending_payment');
    expect(await paymentRow(b.outTradeNo)).toMatchObject({ status: 'pending' });
  });

  it('money for a trade closed by a cancel goes back through WeChat Pay', async () => {
    const b = await started();
    expect((await post(`/api/order/${b.orderId}/cancel`, b.cookie, {})).statusCode).toBe(200);
    expect(double.trades.get(b.outTradeNo)?.state).toBe('CLOSED');
    expect(await paymentRow(b.outTradeNo)).toMatchObject({ status: 'closed' });
    // The provider takes the money anyway, and notifies.
    double.pay(b.outTradeNo, { force: true });
    expect(await double.notify(b.outTradeNo)).toEqual({ status: 200, body: SUCCESS });
    expect(await paymentRow(b.outTradeNo)).toMatchObject({ status: 'refunded' });
    const refunds = [...double.refunds.values()].filter((r) => r.outTradeNo === b.outTradeNo);
    expect(refunds).toEqual([expect.objectContaining({ amountFen: 100000, totalFen: 100000 })]);
    expect((await orderRow(b.orderId)).status).toBe('cancelled');
    // Replayed: accepted, nothing refunded twice.
    expect(await double.notify(b.outTradeNo)).toEqual({ status: 200, body: SUCCESS });
    expect([...double.refunds.values()].filter((r) => r.outTradeNo === b.outTradeNo)).toHaveLength(1);
  });

  it('a payer who paid before the cancel’s close is refunded at the close', async () => {
    const b = await started();
    double.pay(b.outTradeNo); // paid; the notification is still on its way
    expect((await post(`/api/order/${b.orderId}/cancel`, b.cookie, {})).statusCode).toBe(200);
    expect(await paymentRow(b.outTradeNo)).toMatchObject({ status: 'refunded' });
    expect(double.trades.get(b.outTradeNo)).toMatchObject({ state: 'REFUND', refundedFen: 100000 });
    expect(await double.notify(b.outTradeNo)).toEqual({ status: 200, body: SUCCESS });
    expect((await orderRow(b.orderId)).status).toBe('cancelled');
  });

  it('a refund stays PROCESSING, is polled, then succeeds', async () => {
    double.refundQueriesBeforeSuccess = 1;
    try {
      const b = await started();
      double.pay(b.outTradeNo);
      await post(`/api/order/${b.orderId}/cancel`, b.cookie, {});
      const payment = await paymentRow(b.outTradeNo);
      const refundOf = async () =>
        (await ctx.app.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id)))[0];
      expect(await refundOf()).toMatchObject({ status: 'processing', amountFen: 100000, provider: 'wechat' });
      await pollRefunds(ctx.app.db);
      expect(await refundOf()).toMatchObject({ status: 'processing' });
      await pollRefunds(ctx.app.db);
      const done = await refundOf();
      expect(done).toMatchObject({ status: 'success' });
      expect(done.finishedAt).toBeTruthy();
      expect(double.refunds.get(done.refundNo)?.status).toBe('SUCCESS');
    } finally {
      double.refundQueriesBeforeSuccess = 0;
    }
  });

  it('a provider time-out refuses the start in Chinese and leaves no trade of ours', async () => {
    const b = await unpaidOrder(ctx.app, warehouseId, {});
    double.stallMs = 4500;
    try {
      const res = await post('/api/pay/online', b.cookie, { order_id: b.orderId, provider: 'wechat' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('微信支付暂时无法受理支付，请稍后重试或选择其他支付方式');
    } finally {
      double.stallMs = 0;
    }
    expect(await ctx.app.db.select().from(payments).where(eq(payments.orderId, b.orderId))).toHaveLength(0);
    // Once the provider answers again the buyer can start.
    const res = await post('/api/pay/online', b.cookie, { order_id: b.orderId, provider: 'wechat' });
    expect(res.statusCode).toBe(200);
    const open = await ctx.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, b.orderId), eq(payments.status, 'pending')));
    expect(open).toHaveLength(1);
  });

  it('a cancel while WeChat Pay cannot be reached answers 503 in Chinese and changes nothing', async () => {
    const b = await started();
    double.stallMs = 4500;
    try {
      const res = await post(`/api/order/${b.orderId}/cancel`, b.cookie, {});
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 503, message: '微信支付请求超时，请稍后重试' });
    } finally {
      double.stallMs = 0;
    }
    expect((await orderRow(b.orderId)).status).toBe('pending_payment');
    expect(await paymentRow(b.outTradeNo)).toMatchObject({ status: 'pending' });
    // WeChat Pay answers again: the cancel goes through and closes the trade.
    expect((await post(`/api/order/${b.orderId}/cancel`, b.cookie, {})).statusCode).toBe(200);
    expect(double.trades.get(b.outTradeNo)?.state).toBe('CLOSED');
  });

  it('answers with a signature not WeChat Pay’s are a ProviderError; our requests are signed', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wrongPlatform = createWechatPayProvider({
      ...readWechatPaySettings(envFor(double)),
      publicKey: other.publicKey,
    });
    const b = await started();
    await expect(wrongPlatform.query(ctx.app.db, b.outTradeNo)).rejects.toThrow(ProviderError);
    await expect(wrongPlatform.query(ctx.app.db, b.outTradeNo)).rejects.toThrow('微信支付应答签名验证失败');
    const rejected = double.rejected;
    const wrongMerchant = createWechatPayProvider({
      ...readWechatPaySettings(envFor(double)),
      privateKey: other.privateKey,
    });
    await expect(wrongMerchant.query(ctx.app.db, b.outTradeNo)).rejects.toThrow('SIGN_ERROR');
    expect(double.rejected).toBe(rejected + 1);
    const wechat = providers.get('wechat');
    expect(await wechat?.query(ctx.app.db, 'NO_SUCH_TRADE_1')).toEqual({ state: 'NOT_FOUND' });
  });

  it('downloads and parses the day’s trade bill', async () => {
    // Today's book holds at least one paid trade and one refunded (paid, then cancelled).
    const kept = await started(88888);
    double.pay(kept.outTradeNo);
    await double.notify(kept.outTradeNo);
    const back = await started(99999);
    double.pay(back.outTradeNo);
    await post(`/api/order/${back.orderId}/cancel`, back.cookie, {});
    const wechat = providers.get('wechat');
    const today = chinaTime(new Date()).slice(0, 10);
    const lines = (await wechat?.bill?.(ctx.app.db, today)) ?? [];
    const paid = [...double.trades.values()].filter((t) => t.transactionId);
    expect(lines.filter((l) => l.kind === 'pay')).toHaveLength(paid.length);
    for (const t of paid)
      expect(lines).toContainEqual({
        outTradeNo: t.outTradeNo,
        transactionId: t.transactionId,
        kind: 'pay',
        amountFen: t.amountFen,
      });
    const refunds = [...double.refunds.values()];
    expect(refunds.map((r) => r.outTradeNo)).toContain(back.outTradeNo);
    expect(lines).toContainEqual(
      expect.objectContaining({ kind: 'pay', outTradeNo: kept.outTradeNo, amountFen: 88888 }),
    );
    for (const r of refunds)
      expect(lines).toContainEqual(
        expect.objectContaining({
          kind: 'refund',
          outTradeNo: r.outTradeNo,
          refundNo: r.outRefundNo,
          amountFen: r.amountFen,
        }),
      );
    expect(await wechat?.bill?.(ctx.app.db, '2000-01-01')).toEqual([]);
  });

  it('notification handling time with its signature check (p50/p99)', async () => {
    // 200 for the figure (WECHATPAY_BENCH=1); a smaller run keeps CI's time.
    const N = process.env.WECHATPAY_BENCH === '1' ? 200 : 30;
    const trades: string[] = [];
    for (let i = 0; i < N; i++) {
      const b = await started(50000 + i);
      double.pay(b.outTradeNo);
      trades.push(b.outTradeNo);
    }
    const notes = trades.map((no) => double.notification(no));
    // The signature check and decryption alone (readNotification), then the whole handling.
    const wechat = providers.get('wechat');
    const checks: number[] = [];
    for (const n of notes) {
      const t0 = performance.now();
      const claim = await wechat?.readNotification(ctx.app.db, {
        body: n.body,
        headers: Object.fromEntries(Object.entries(n.headers).map(([k, v]) => [k.toLowerCase(), v])),
      });
      checks.push(performance.now() - t0);
      expect(claim).toBeTruthy();
    }
    const times: number[] = [];
    for (const n of notes) {
      const t0 = performance.now();
      const res = await deliver('https://x/api/pay/notify/wechat', n);
      times.push(performance.now() - t0);
      expect(res.status).toBe(200);
    }
    const p = (list: number[], q: number) =>
      [...list].sort((a, b) => a - b)[Math.min(N - 1, Math.floor(q * N))].toFixed(2);
    console.info(
      `wechat notifications (${testDbKind}, ${N}, one at a time): signature check + decrypt p50 ${p(checks, 0.5)} ms, ` +
        `p99 ${p(checks, 0.99)} ms; whole handling (verify, query the double, apply) p50 ${p(times, 0.5)} ms, ` +
        `p99 ${p(times, 0.99)} ms`,
    );
    const paidOrders = await ctx.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'wechat'), eq(payments.status, 'paid')));
    expect(paidOrders.length).toBeGreaterThanOrEqual(N);
  }, 180_000);
});

describe('parseTradeBill', () => {
  it('reads pay and refund lines by column name, in fen, and stops at the totals', () => {
    const csv = [
      '\uFEFF交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注',
      '`2025-03-01 10:00:00,`wx1,`1900000109,`0,`,`4200001,`A1,`o1,`NATIVE,`SUCCESS,`OTHERS,`CNY,`1234.56,`0.00,`0,`0,`0.00,`0.00,`,`,`药,`,`7.41,`0.60%,`1234.56,`0.00,`',
      '`2025-03-01 11:00:00,`wx1,`1900000109,`0,`,`4200002,`A2,`o1,`NATIVE,`REFUND,`OTHERS,`CNY,`10.00,`0.00,`5001,`A2R1,`0.5,`0.00,`ORIGINAL,`SUCCESS,`药,`,`0.00,`0.60%,`10.00,`0.50,`',
      '`2025-03-01 12:00:00,`wx1,`1900000109,`0,`,`4200003,`A3,`o1,`NATIVE,`REVOKED,`OTHERS,`CNY,`1.00,`0.00,`0,`0,`0.00,`0.00,`,`,`药,`,`0.00,`0.60%,`1.00,`0.00,`',
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
      '`3,`1245.56,`0.50,`0.00,`7.41,`1245.56,`0.50',
    ].join('\r\n');
    expect(parseTradeBill(csv)).toEqual([
      { outTradeNo: 'A1', transactionId: '4200001', kind: 'pay', amountFen: 123456 },
      { outTradeNo: 'A2', transactionId: '4200002', kind: 'refund', amountFen: 50, refundNo: 'A2R1' },
    ]);
    expect(() => parseTradeBill('a,b,c\n`1,`2,`3')).toThrow(ProviderError);
  });
});

describe('WeChat Pay settings', () => {
  const env = () => envFor(double);
  const refusal = (extra: NodeJS.ProcessEnv) => {
    try {
      readWechatPaySettings({ ...env(), ...extra });
    } catch (e) {
      return (e as Error).message;
    }
    return 'accepted';
  };

  it('reads PEMs inline, with escaped newlines, or from a file; builds the notify URL', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wxpay-'));
    const file = path.join(dir, 'apiclient_key.pem');
    writeFileSync(file, merchantPem);
    const s = readWechatPaySettings({
      ...env(),
      WECHATPAY_MCH_PRIVATE_KEY: file,
      PAYMENT_NOTIFY_BASE: 'https://a.example.com/',
    });
    expect(s.notifyUrl).toBe('https://a.example.com/api/pay/notify/wechat');
    expect(s.timeoutMs).toBe(3000);
    expect(
      readWechatPaySettings({
        ...env(),
        WECHATPAY_PUBLIC_KEY: double.platformPublicKeyPem.replace(/\n/g, '\\n'),
      }).publicKeyId,
    ).toBe(double.platformKeyId);
    const defaults = readWechatPaySettings({
      ...env(),
      WECHATPAY_BASE: undefined,
      WECHATPAY_TIMEOUT_MS: undefined,
    });
    expect(defaults).toMatchObject({ baseUrl: 'https://api.mch.weixin.qq.com/', timeoutMs: 10_000 });
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops the start naming a missing or malformed variable, never its value', () => {
    for (const name of [
      'WECHATPAY_MCHID',
      'WECHATPAY_APPID',
      'WECHATPAY_MCH_PRIVATE_KEY',
      'WECHATPAY_MCH_SERIAL',
      'WECHATPAY_APIV3_KEY',
      'WECHATPAY_PUBLIC_KEY',
      'WECHATPAY_PUBLIC_KEY_ID',
      'PAYMENT_NOTIFY_BASE',
    ])
      expect(refusal({ [name]: undefined })).toBe(`payment channel wechat: ${name} is not set`);
    expect(refusal({ WECHATPAY_APIV3_KEY: 'x'.repeat(31) })).toBe(
      'payment channel wechat: WECHATPAY_APIV3_KEY must be 32 bytes',
    );
    expect(
      refusal({
        WECHATPAY_MCH_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----',
      }),
    ).toBe('payment channel wechat: WECHATPAY_MCH_PRIVATE_KEY is not a valid RSA private key in PEM format');
    // A public key where the private one belongs, and the other way round.
    expect(refusal({ WECHATPAY_MCH_PRIVATE_KEY: double.platformPublicKeyPem })).toMatch(
      /WECHATPAY_MCH_PRIVATE_KEY/,
    );
    expect(refusal({ WECHATPAY_PUBLIC_KEY: '/no/such/file.pem' })).toBe(
      'payment channel wechat: WECHATPAY_PUBLIC_KEY is neither a PEM key nor a readable file',
    );
    expect(refusal({ WECHATPAY_MCHID: 'abc' })).toMatch(/WECHATPAY_MCHID/);
    expect(refusal({ PAYMENT_NOTIFY_BASE: 'shop.example.com' })).toMatch(/PAYMENT_NOTIFY_BASE is not a URL/);
    expect(refusal({ WECHATPAY_BASE: 'ftp://x' })).toMatch(/WECHATPAY_BASE/);
    expect(refusal({ PAYMENT_NOTIFY_BASE: 'http://shop.example.com' })).toBe(
      'payment channel wechat: PAYMENT_NOTIFY_BASE must be an https URL',
    );
    expect(refusal({ WECHATPAY_TIMEOUT_MS: 'soon' })).toMatch(/WECHATPAY_TIMEOUT_MS/);
    const secret = 'y'.repeat(31);
    expect(refusal({ WECHATPAY_APIV3_KEY: secret })).not.toContain(secret);
  });

  it('a start naming the wechat channel without its settings stops', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDERS: 'wechat' })).toThrow(
      'payment channel wechat: WECHATPAY_MCHID is not set',
    );
    expect(loadConfig({ PAYMENT_PROVIDERS: 'wechat', ...env() }).paymentChannels).toEqual(['wechat']);
  });
});

describe.skipIf(testDbKind !== 'postgres')('WeChat Pay money invariant (PostgreSQL, concurrent)', () => {
  const BUYERS = 4;
  const ROUNDS = 6;
  const BALANCE = 1_000_000;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** The payer pays at the provider after `ms`, and WeChat Pay notifies (when it took the money). */
  const payAndNotify = async (outTradeNo: string, ms: number) => {
    await sleep(ms);
    if (!double.pay(outTradeNo)) return undefined;
    return Promise.all([double.notify(outTradeNo), double.notify(outTradeNo)]);
  };

  async function round(b: { orderId: number; cookie: string }, scenario: number, ms: number) {
    const res = await post('/api/pay/online', b.cookie, { order_id: b.orderId, provider: 'wechat' });
    expect(res.statusCode, res.body).toBe(200);
    const no = res.json().data.out_trade_no as string;
    const steps: Promise<unknown>[] = [payAndNotify(no, ms), get(`/api/pay/status/${b.orderId}`, b.cookie)];
    if (scenario % 4 === 0) steps.push(post(`/api/order/${b.orderId}/cancel`, b.cookie, {}));
    if (scenario % 4 === 1) steps.push(post('/api/pay/balance', b.cookie, { order_id: b.orderId }));
    if (scenario % 4 === 2) {
      await ctx.app.db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, b.orderId));
      steps.push(sweepExpiredOrders(ctx.app.db, ctx.app.clock.now()));
    }
    // scenario 3: the notification races only the status poll.
    await Promise.all(steps);
    // Replays of whatever the provider holds, in parallel with a poll and a cancel.
    const t = double.trades.get(no);
    await Promise.all([
      t?.transactionId ? double.notify(no) : undefined,
      t?.transactionId ? double.notify(no) : undefined,
      get(`/api/pay/status/${b.orderId}`, b.cookie),
      post(`/api/order/${b.orderId}/cancel`, b.cookie, {}),
    ]);
    return no;
  }

  it('notifications racing polls, closes and other payments: nothing paid twice, no money from nothing', async () => {
    const userIds: number[] = [];
    const orderIds: number[] = [];
    // Buyers at once, each running its rounds one after another (a store of its own per round).
    const trades = (
      await Promise.all(
        Array.from({ length: BUYERS }, async (_, i) => {
          const nos: string[] = [];
          for (let r = 0; r < ROUNDS; r++) {
            const b = await unpaidOrder(ctx.app, warehouseId, {
              buyer: { balanceFen: BALANCE },
              priceFen: 100000 + r * 111,
            });
            userIds.push(b.user.id);
            orderIds.push(b.orderId);
            nos.push(await round(b, i + r, (r % 3) * 4));
          }
          return nos;
        }),
      )
    ).flat();
    const db = ctx.app.db;
    const all = await db.select().from(orders).where(inArray(orders.id, orderIds));
    const pays = await db.select().from(payments).where(inArray(payments.orderId, orderIds));
    for (const userId of userIds) {
      const [w] = await db.select().from(walletAccounts).where(eq(walletAccounts.userId, userId));
      const log = await db.select().from(moneyLog).where(eq(moneyLog.userId, userId));
      expect(w.balanceFen).toBe(BALANCE + log.reduce((s, l) => s + l.changeFen, 0));
      expect(log.filter((l) => l.changeFen > 0)).toHaveLength(0); // no online money reached a wallet
    }
    for (const o of all) {
      const mine = pays.filter((p) => p.orderId === o.id);
      expect(mine.filter((p) => p.status === 'paid').length, `order ${o.id}`).toBe(
        o.status === 'cancelled' ? 0 : 1,
      );
      expect(mine.filter((p) => p.status === 'pending')).toHaveLength(0);
    }
    let keptFen = 0;
    for (const no of trades) {
      const t = double.trades.get(no);
      const p = pays.find((x) => x.outTradeNo === no);
      expect(t && p, no).toBeTruthy();
      if (!t || !p) continue;
      const expected = { closed: 'CLOSED', refunded: 'REFUND', paid: 'SUCCESS' }[p.status];
      expect(t.state, `${no} (${p.status})`).toBe(expected);
      if (t.state === 'REFUND') expect(t.refundedFen).toBe(t.amountFen);
      if (t.transactionId) keptFen += t.amountFen - t.refundedFen;
      const notes = await db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.outTradeNo, no));
      expect(notes.length).toBeLessThanOrEqual(1);
    }
    const paidOnlineFen = all.filter((o) => o.paymentMethod === 'online').reduce((s, o) => s + o.paidFen, 0);
    expect(paidOnlineFen).toBe(keptFen);
    console.info('wechat invariant rounds', {
      orders: all.length,
      paidOnline: all.filter((o) => o.paymentMethod === 'online').length,
      paidBalance: all.filter((o) => o.paymentMethod === 'balance').length,
      cancelled: all.filter((o) => o.status === 'cancelled').length,
      refundedThroughProvider: [...double.trades.values()].filter(
        (t) => trades.includes(t.outTradeNo) && t.state === 'REFUND',
      ).length,
    });
  }, 300_000);
});
