import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, testRedisUrl } from '../../../test/helpers';
import { readiness } from './readiness';

const silent = { warn: () => {} };

describe('readiness of the parts', () => {
  it('answers ok, failed or absent per part, and a part that hangs fails after the timeout', async () => {
    const states = await readiness(
      {
        database: async () => {},
        redis: () => new Promise(() => {}),
        storage: undefined,
        log: silent,
      },
      50,
    );
    expect(states).toEqual({ database: 'ok', redis: 'failed', storage: 'absent' });
    const down = await readiness({
      database: async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.9:5432');
      },
      redis: undefined,
      storage: async () => {},
      log: silent,
    });
    expect(down).toEqual({ database: 'failed', redis: 'absent', storage: 'ok' });
  });
});

describe('GET /api/health and /api/health/ready', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: false });
  });
  afterAll(() => ctx.close());

  it('liveness answers ok without asking anything', async () => {
    const res = await ctx.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'ok', database: ctx.app.database.kind });
  });

  it('readiness asks the database and the storage; Redis is absent when not configured', async () => {
    const res = await ctx.app.inject('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 10000,
      message: 'success',
      data: { status: 'ready', checks: { database: 'ok', redis: 'absent', storage: 'ok' } },
    });
  });

  it('answers 503 naming the part when the upload folder cannot take a file, and no path', async () => {
    // DATA_DIR/uploads is a file: nothing can be written under it.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'yaocai-ready-'));
    writeFileSync(path.join(dataDir, 'uploads'), 'not a folder');
    const broken = await createTestApp({ seed: false, config: { dataDir } });
    try {
      const res = await broken.app.inject('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 503,
        message: '服务未就绪：文件存储不可用',
        data: { status: 'unready', checks: { database: 'ok', redis: 'absent', storage: 'failed' } },
      });
      expect(res.body).not.toContain(dataDir);
      // Liveness does not depend on it: the process is alive, only not ready.
      expect((await broken.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await broken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!testRedisUrl)('readiness with Redis (TEST_REDIS_URL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: false, sessions: 'redis' });
  });
  afterAll(() => ctx.close());

  it('is ready while Redis answers and 503 with redis failed once it does not', async () => {
    const ready = await ctx.app.inject('/api/health/ready');
    expect(ready.json().data.checks).toEqual({ database: 'ok', redis: 'ok', storage: 'ok' });
    const redis = ctx.app.redis;
    if (!redis) throw new Error('the app has no Redis');
    redis.disconnect();
    try {
      const res = await ctx.app.inject('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('服务未就绪：Redis不可用');
      expect(res.json().data.checks.redis).toBe('failed');
      expect(res.body).not.toContain(testRedisUrl);
    } finally {
      await redis.connect();
    }
  });
});
