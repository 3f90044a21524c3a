import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import type { App } from '../app';
import { loadConfig, pressureOf } from '../config';

// Load shedding (@fastify/under-pressure), forced: the event loop blocked past the threshold, and
// a heap threshold no process stays under.

const off = { maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0, maxHeapUsedBytes: 0, maxRssBytes: 0 };
const pressureWith = (thresholds: Partial<typeof off>, sampleIntervalMs = 200) => ({
  ...loadConfig({}).pressure,
  ...off,
  ...thresholds,
  sampleIntervalMs,
});

const SHED = { code: 503, message: '系统繁忙，请稍候再试', data: null };

function blockEventLoop(ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // Busy: nothing else runs, as in a stalled process.
  }
}

async function until(condition: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
  return condition();
}

/**
 * Stalls the loop 300 ms at a time until the process reads as under pressure. One stall alone
 * can go unseen: when the sample's timer runs before the delay monitor's next tick, the
 * histogram's reset also forgets the monitor's previous tick, and the stall is never recorded
 * (CI saw it once); an overloaded process stalls again and again.
 */
async function stallUntilUnderPressure(app: App, ms: number) {
  const end = Date.now() + ms;
  while (!app.isUnderPressure() && Date.now() < end) {
    blockEventLoop(300);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return app.isUnderPressure();
}

/** The answers to a normal request and the health checks, sent at once. */
async function answers(app: App) {
  const [page, health, ready] = await Promise.all([
    app.inject('/api/focus/top'),
    app.inject('/api/health'),
    app.inject('/api/health/ready'),
  ]);
  return { page, health, ready };
}

/** A test app that sheds past a 50 ms mean loop delay, made before the block's tests and closed after. */
function stallSheddingApp(): () => TestContext {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      seed: false,
      config: { pressure: pressureWith({ maxEventLoopDelayMs: 50 }) },
    });
  });
  afterAll(() => ctx.close());
  return () => ctx;
}

describe('load shedding: the event loop stalls', () => {
  const ctx = stallSheddingApp();

  it('answers 503 with the envelope and Retry-After while it lasts; the health checks still answer', async () => {
    expect((await ctx().app.inject('/api/focus/top')).statusCode).toBe(200);
    // Past the two samples after the start, which never shed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The loop keeps stalling: each sample's mean delay is far above 50 ms.
    expect(await stallUntilUnderPressure(ctx().app, 3000)).toBe(true);
    const { page, health, ready } = await answers(ctx().app);
    expect(page.statusCode).toBe(503);
    expect(page.json()).toEqual(SHED);
    expect(page.headers['retry-after']).toBe('10');
    expect(health.statusCode).toBe(200);
    expect(ready.statusCode).toBe(200);
    // The next quiet samples end it.
    expect(await until(() => !ctx().app.isUnderPressure(), 2000)).toBe(true);
    expect((await ctx().app.inject('/api/focus/top')).statusCode).toBe(200);
  });
});

describe('load shedding: a start that stalls after the app is ready', () => {
  const ctx = stallSheddingApp();

  it('does not shed the first requests once the server listens', async () => {
    // Past the grace that began when the app was ready, a later start-up hook (the catalogue
    // index, built in process on PGlite) stalls the loop, then the server listens.
    await new Promise((resolve) => setTimeout(resolve, 500));
    blockEventLoop(1000);
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx().app.server.address() as { port: number };
    const page = await fetch(`http://127.0.0.1:${address.port}/api/focus/top`);
    expect(page.status).toBe(200);
  });
});

describe('load shedding: the heap is past its threshold', () => {
  let ctx: TestContext;
  let readyAt: number;
  beforeAll(async () => {
    ctx = await createTestApp({
      seed: false,
      config: { pressure: pressureWith({ maxHeapUsedBytes: 1 }, 1000) },
    });
    readyAt = performance.now();
  });
  afterAll(() => ctx.close());

  it('does not shed while the first two samples after the start are taken (the start is not a stall)', async () => {
    expect((await ctx.app.inject('/api/focus/top')).statusCode).toBe(200);
    expect(performance.now() - readyAt).toBeLessThan(2000);
  });

  it('sheds every request, reads and writes, before its session or body is looked at; health answers', async () => {
    expect(await until(() => ctx.app.isUnderPressure(), 2000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, readyAt + 2100 - performance.now())));
    const { page, health, ready } = await answers(ctx.app);
    expect(page.statusCode).toBe(503);
    expect(page.json()).toEqual(SHED);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: '13800000001', password: 'Demo@123456' },
    });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toEqual(SHED);
    expect(login.cookies).toHaveLength(0);
    expect(health.json().data.status).toBe('ok');
    expect(ready.json().data.status).toBe('ready');
  });
});

describe('load shedding thresholds from the environment', () => {
  it('has defaults: a 1 s mean loop delay, 90% of the heap limit, utilisation and RSS off', () => {
    const pressure = pressureOf({}, false);
    expect(pressure.maxEventLoopDelayMs).toBe(1000);
    expect(pressure.maxEventLoopUtilization).toBe(0);
    expect(pressure.maxRssBytes).toBe(0);
    expect(pressure.maxHeapUsedBytes).toBeGreaterThan(100 * 1024 * 1024);
    // Under vitest the delay and heap thresholds are off unless set: test apps shed nothing.
    expect(loadConfig({}).pressure).toMatchObject({ maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0 });
  });

  it('reads each variable and stops the start naming one that is not a number in range', () => {
    const pressure = loadConfig({
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '250',
      PRESSURE_MAX_EVENT_LOOP_UTILIZATION: '0.95',
      PRESSURE_MAX_HEAP_MB: '0',
      PRESSURE_MAX_RSS_MB: '1500',
    }).pressure;
    expect(pressure).toMatchObject({
      maxEventLoopDelayMs: 250,
      maxEventLoopUtilization: 0.95,
      maxHeapUsedBytes: 0,
      maxRssBytes: 1500 * 1024 * 1024,
    });
    expect(() => loadConfig({ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: 'fast' })).toThrow(
      /^PRESSURE_MAX_EVENT_LOOP_DELAY_MS=fast: expected a whole number/,
    );
    expect(() => loadConfig({ PRESSURE_MAX_EVENT_LOOP_UTILIZATION: '1.5' })).toThrow(
      /^PRESSURE_MAX_EVENT_LOOP_UTILIZATION=1.5/,
    );
  });
});
