import type { OpenKeyCreated } from '@yaocai/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCookie } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, openApiKeys } from '../../db/schema';

// 系统 → 开放接口 (keys made and revoked by an operator, audited) and what every call of
// /api/open/v1 goes through: the bearer key before anything else, its scope, its rate limit,
// JSON only, the one error shape, and a document of its own.

let ctx: TestContext;
let admin: { cookie: string; operatorId: number; username: string };

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  admin = await operatorCookie(ctx.app, 'super_admin');
});
afterAll(() => ctx.close());

async function createKey(body: Record<string, unknown>, cookie = admin.cookie) {
  return ctx.app.inject({ method: 'POST', url: '/api/admin/open/keys', headers: { cookie }, payload: body });
}

const call = (key: string | undefined, url = '/api/open/v1/key', extra: Record<string, unknown> = {}) =>
  ctx.injectAsIs({
    method: 'GET',
    url,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    ...extra,
  });

describe('open API keys in the console', () => {
  it('creates a key shown once, lists it without its secret, and audits both writes', async () => {
    const res = await createKey({ name: '用友U8 同步', scopes: ['goods', 'stock'] });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data as OpenKeyCreated;
    expect(created.key).toMatch(/^yc_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: '用友U8 同步',
      scopes: ['goods', 'stock'],
      rate_limit_per_minute: 600,
    });
    expect(created.key.startsWith(created.prefix)).toBe(true);

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/open/keys',
      headers: { cookie: admin.cookie },
    });
    expect(list.body).not.toContain(created.key);
    expect(list.json().data[0]).toMatchObject({ id: created.id, prefix: created.prefix, last_used_at: null });
    const [stored] = await ctx.app.db.select().from(openApiKeys).where(eq(openApiKeys.id, created.id));
    expect(JSON.stringify(stored)).not.toContain(created.key);

    const rows = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'open_key.create'), eq(auditLog.targetId, String(created.id))));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(created.key);
  });

  it('refuses bad input field by field, and operators without the permission', async () => {
    const bad = await createKey({
      name: ' ',
      scopes: ['goods', 'goods', 'root'],
      rate_limit_per_minute: 1e9,
    });
    expect(bad.statusCode).toBe(422);
    const fields = Object.keys(bad.json().data.errors);
    expect(fields).toEqual(expect.arrayContaining(['name', 'rate_limit_per_minute']));
    expect(fields.some((f) => f.startsWith('scopes'))).toBe(true);

    const operations = await operatorCookie(ctx.app, 'operations');
    expect((await createKey({ name: 'x', scopes: ['goods'] }, operations.cookie)).statusCode).toBe(403);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/open/keys',
      headers: { cookie: operations.cookie },
    });
    expect(list.statusCode).toBe(403);
  });
});

describe('calling /api/open/v1', () => {
  let key: OpenKeyCreated;
  beforeAll(async () => {
    key = (await createKey({ name: 'ERP', scopes: ['orders'], rate_limit_per_minute: 10 })).json().data;
  });

  it('answers the calling key, and notes its last use', async () => {
    const res = await call(key.key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { name: 'ERP', scopes: ['orders'], rate_limit_per_minute: 10 } });
    const [row] = await ctx.app.db.select().from(openApiKeys).where(eq(openApiKeys.id, key.id));
    expect(row?.lastUsedAt).not.toBeNull();
  });

  it('refuses a missing, malformed or unknown key with 401 in the one error shape; a session cookie never counts', async () => {
    for (const authorization of [undefined, 'Basic abc', `Bearer ${key.key}x`, `Bearer ${key.key} extra`]) {
      const res = await ctx.injectAsIs({
        method: 'GET',
        url: '/api/open/v1/key',
        headers: { ...(authorization ? { authorization } : {}), cookie: admin.cookie },
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
      expect(res.headers['www-authenticate']).toContain('Bearer');
    }
  });

  it('takes JSON only, and answers an unknown path in its own shape', async () => {
    const form = await ctx.injectAsIs({
      method: 'POST',
      url: '/api/open/v1/key',
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(404);
    expect(form.json().error.code).toBe('not_found');
    const unknown = await call(key.key, '/api/open/v1/nothing-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });

  it('counts calls per key per minute: the eleventh of a ten-a-minute key is refused 429', async () => {
    const limited = (await createKey({ name: '限流', scopes: ['goods'], rate_limit_per_minute: 10 })).json()
      .data as OpenKeyCreated;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(limited.key)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const refused = await call(limited.key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    // Another key has its own count.
    expect((await call(key.key)).statusCode).toBe(200);
  });

  it('refuses a revoked key at once', async () => {
    const doomed = (await createKey({ name: '旧ERP', scopes: ['goods'] })).json().data as OpenKeyCreated;
    expect((await call(doomed.key)).statusCode).toBe(200);
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/open/keys/${doomed.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.revoked_at).toEqual(expect.any(Number));
    expect((await call(doomed.key)).statusCode).toBe(401);
    const missing = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/admin/open/keys/999999',
      headers: { cookie: admin.cookie },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('has a document of its own, and the shop document does not list it', async () => {
    const open = await ctx.app.inject({ method: 'GET', url: '/api/open/docs/json' });
    expect(open.statusCode).toBe(200);
    const doc = open.json() as { paths: Record<string, unknown>; components: { securitySchemes: unknown } };
    expect(Object.keys(doc.paths)).toContain('/api/open/v1/key');
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/open/v1/'))).toBe(true);
    expect(doc.components.securitySchemes).toEqual({ openKey: { type: 'http', scheme: 'bearer' } });
    const shop = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: object };
    expect(Object.keys(shop.paths).some((p) => p.startsWith('/api/open/'))).toBe(false);
    expect(ctx.app.openApiDocument()).toMatchObject({ paths: doc.paths });
  });
});
