import { gunzipSync } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { browserLike, createTestApp, type TestContext } from '../../test/helpers';
import { fieldError, refusal } from '../lib/errors';
import { ok } from './envelope';

let ctx: TestContext;

const probe: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/probe/echo',
    {
      schema: {
        body: z.strictObject({ name: z.string().min(2).max(10), ids: z.array(z.coerce.number().int()) }),
      },
    },
    async (request) => ok(request.body),
  );
  app.get('/probe/large', async () =>
    ok(
      Array.from({ length: 2000 }, (_, i) => ({ id: i, name: '阿莫西林胶囊', sccj: '华北制药股份有限公司' })),
    ),
  );
  app.get('/probe/refuse', async () => {
    throw refusal('库存不足');
  });
  app.get('/probe/field', async () => {
    throw fieldError('code', '验证码错误');
  });
  app.get('/probe/crash', async () => {
    throw new Error('secret internals');
  });
};

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  // Routes can only be added before ready; a second app instance keeps this test self-contained.
  await ctx.app.close();
  const { buildApp } = await import('../app');
  const { loadConfig } = await import('../config');
  const app = await buildApp({
    config: { ...loadConfig({}), seedDemoData: false },
    database: ctx.database,
    logger: false,
  });
  await app.register(probe, { prefix: '/api' });
  app.inject = browserLike(app);
  ctx = { ...ctx, app };
});
afterAll(() => ctx.close());

describe('the API envelope', () => {
  it('wraps success as code 10000', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: 'name=%E8%8D%AF%E9%87%87&ids[]=1&ids[]=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 10000, message: 'success', data: { name: '药采', ids: [1, 2] } });
  });
  it('answers 422 with Chinese field messages', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { name: 'x', ids: ['a'] },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe(422);
    expect(Object.keys(body.data.errors)).toEqual(expect.arrayContaining(['name', 'ids.0']));
    expect(body.message).toMatch(/[\u4e00-\u9fa5]/);
  });
  it('refuses unknown fields', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { name: 'abc', ids: [], admin: true },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.errors.admin[0]).toContain('admin');
  });
  it('carries business refusals and field errors', async () => {
    expect((await ctx.app.inject('/api/probe/refuse')).json()).toEqual({
      code: 400,
      message: '库存不足',
      data: null,
    });
    const field = await ctx.app.inject('/api/probe/field');
    expect(field.statusCode).toBe(422);
    expect(field.json().data.errors).toEqual({ code: ['验证码错误'] });
  });
  it('hides server faults', async () => {
    const res = await ctx.app.inject('/api/probe/crash');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, message: '系统繁忙，请稍候再试', data: null });
  });
  it('answers malformed JSON and huge bodies with 4xx', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('请求格式错误');
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { name: 'x'.repeat(2_000_000), ids: [] },
    });
    expect(huge.statusCode).toBe(413);
  });
  it('answers unknown API paths with the envelope', async () => {
    const res = await ctx.app.inject('/api/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
  it('answers a path that is not valid percent-encoding with the envelope, or the 404 page', async () => {
    const api = await ctx.app.inject('/api/goods/detail/%E0%A4%A');
    expect([api.statusCode, api.json()]).toEqual([400, { code: 400, message: '请求地址有误', data: null }]);
    const page = await ctx.app.inject('/list/info/%E0%A4%A');
    expect([page.statusCode, page.headers.location]).toEqual([302, '/404']);
  });
  it('refuses cross-site state changes', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { name: 'abc', ids: [] },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    const same = await ctx.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { name: 'abc', ids: [] },
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(same.statusCode).toBe(200);
  });
  it('serves the health check and the OpenAPI document', async () => {
    expect((await ctx.app.inject('/api/health')).json().data.status).toBe('ok');
    const docs = await ctx.app.inject('/api/docs/json');
    expect(docs.json().paths['/api/health']).toBeDefined();
  });
});

describe('large bodies', () => {
  const large = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/probe/large', headers });
  it('are sent as UTF-8 bytes with their exact length', async () => {
    const res = await large();
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.json().data[1999]).toEqual({ id: 1999, name: '阿莫西林胶囊', sccj: '华北制药股份有限公司' });
  });
  it('are gzip-compressed for a client that accepts it, and decompress to the same JSON', async () => {
    const plain = await large();
    const res = await large({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(gunzipSync(res.rawPayload).equals(plain.rawPayload)).toBe(true);
  });
  it('leave small bodies uncompressed', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/probe/field',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().code).toBe(422);
  });
});

describe('security headers', () => {
  it.each(['/api/probe/large', '/api/no-such-route', '/'])('come with every response (%s)', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});
