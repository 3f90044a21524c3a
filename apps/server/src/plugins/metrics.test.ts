import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { parseExposition, sampleValue } from '../../test/metrics-text';
import { loadConfig } from '../config';
import { paymentRefunds, payments, transferRefunds } from '../db/schema';

// Prometheus metrics: the text a scrape reads parses, carries the names the dashboards use, and
// is served on METRICS_PORT's listener only.

let ctx: TestContext;
let shopDist: string;
beforeAll(async () => {
  // A built shop, so that the public port's unknown paths are its pages (200) and /metrics is not.
  shopDist = mkdtempSync(path.join(tmpdir(), 'yaocai-shop-'));
  writeFileSync(path.join(shopDist, 'index.html'), '<!doctype html><div id="root"></div>');
  ctx = await createTestApp({ seed: false, config: { metricsPort: 0, shopDist } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(shopDist, { recursive: true, force: true });
});

describe('metrics', () => {
  it('parse, and carry requests per route pattern, 5xx, payments, refunds, SMS', async () => {
    const { app } = ctx;
    // Two ids, one route pattern.
    for (const id of [999_001, 999_002]) expect((await app.inject(`/api/news/${id}`)).statusCode).toBe(404);
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    // A 5xx: readiness with a storage that cannot take a file.
    const storage = app.storage;
    const check = storage.check;
    storage.check = async () => {
      throw new Error('read-only file system');
    };
    expect((await app.inject('/api/health/ready')).statusCode).toBe(503);
    storage.check = check;

    const [payment] = await app.db
      .insert(payments)
      .values([
        { orderId: 1, userId: 1, provider: 'wechat', outTradeNo: 'M1', amountFen: 100, status: 'paid' },
        { orderId: 2, userId: 1, provider: 'wechat', outTradeNo: 'M2', amountFen: 100, status: 'paid' },
        { orderId: 3, userId: 1, provider: 'alipay', outTradeNo: 'M3', amountFen: 100, status: 'pending' },
      ])
      .returning();
    await app.db.insert(paymentRefunds).values({
      paymentId: payment.id,
      orderId: 1,
      provider: 'wechat',
      refundNo: 'M1R1',
      amountFen: 50,
      reason: '退货',
      status: 'processing',
    });
    await app.db
      .insert(transferRefunds)
      .values({ orderId: 4, userId: 1, amountFen: 70, kind: 'excess', reason: '多付', status: 'pending' });
    await app.sms.sendCode('13900000009', '123456', 'register');

    const { types, samples } = parseExposition(await app.metrics.registry.metrics());
    expect(types.get('yaocai_http_requests_total')).toBe('counter');
    expect(types.get('yaocai_http_request_duration_seconds')).toBe('histogram');
    expect(
      sampleValue(samples, 'yaocai_http_requests_total', {
        method: 'GET',
        route: '/api/news/:id',
        status: '404',
      }),
    ).toBe(2);
    // Never the raw URL.
    expect(samples.some((s) => s.labels.route?.includes('999001'))).toBe(false);
    expect(
      sampleValue(samples, 'yaocai_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health',
      }),
    ).toBe(1);
    expect(sampleValue(samples, 'yaocai_http_server_errors_total', { route: '/api/health/ready' })).toBe(1);
    expect(sampleValue(samples, 'yaocai_payments', { channel: 'wechat', state: 'paid' })).toBe(2);
    expect(sampleValue(samples, 'yaocai_payments', { channel: 'alipay', state: 'pending' })).toBe(1);
    expect(sampleValue(samples, 'yaocai_payment_refunds', { channel: 'wechat', state: 'processing' })).toBe(
      1,
    );
    expect(sampleValue(samples, 'yaocai_payment_refunds', { channel: 'transfer', state: 'pending' })).toBe(1);
    expect(
      sampleValue(samples, 'yaocai_sms_sends_total', {
        provider: 'log',
        purpose: 'register',
        result: 'sent',
      }),
    ).toBe(1);
    // The job figures from a real run: modules/jobs/metrics.test.ts.
    expect(types.get('yaocai_jobs_depth')).toBe('gauge');
    expect(types.get('yaocai_jobs_failed_total')).toBe('counter');
    expect(types.get('yaocai_process_cpu_seconds_total')).toBe('counter');
    if (app.database.kind === 'postgres') {
      expect(sampleValue(samples, 'yaocai_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(sampleValue(samples, 'yaocai_db_pool_max', {})).toBe(40);
    } else {
      expect(samples.some((s) => s.name === 'yaocai_db_pool_connections')).toBe(false);
    }
  });

  it('are served on the metrics listener only: the public port answers 404 for /metrics', async () => {
    const { app } = ctx;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const publicPort = (app.server.address() as AddressInfo).port;
    const metrics = await app.metrics.serve({ port: 0, host: '127.0.0.1' });
    expect(metrics.port).not.toBe(publicPort);

    const scraped = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(parseExposition(await scraped.text()).types.get('yaocai_http_requests_total')).toBe('counter');
    expect((await fetch(`http://127.0.0.1:${metrics.port}/api/health`)).status).toBe(404);

    const shopPage = await fetch(`http://127.0.0.1:${publicPort}/cart`);
    expect(shopPage.status).toBe(200);
    const onPublic = await fetch(`http://127.0.0.1:${publicPort}/metrics`);
    expect(onPublic.status).toBe(404);
    expect(await onPublic.text()).not.toContain('yaocai_');
  });
});

describe('METRICS_PORT', () => {
  it('is unset by default (no listener, no request metrics), and read and checked when set', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.2' }).metricsHost).toBe('10.0.0.2');
    expect(() => loadConfig({ METRICS_PORT: 'metrics' })).toThrow(
      /^METRICS_PORT=metrics: expected a whole number/,
    );
    expect(() => loadConfig({ PORT: '3001', METRICS_PORT: '3001' })).toThrow(/must differ from PORT/);
  });

  it('off: a request leaves no request metric', async () => {
    const plain = await createTestApp({ seed: false });
    try {
      await plain.app.inject('/api/health');
      const text = await plain.app.metrics.registry.metrics();
      expect(text).not.toContain('yaocai_http_requests_total');
      expect(plain.app.metrics.enabled).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
