import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, openApiKey, setLicenceExpiry } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, companies } from '../../db/schema';

// The ERP's view of the buyer companies (GET /companies, PUT /companies/{id}/erp_code), on both
// databases (TEST_DB).

let ctx: TestContext;
let key: { authorization: string };
let made: (typeof companies.$inferSelect)[];

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  key = await openApiKey(ctx.app, ['companies'], { name: '金蝶' });
  made = [];
  for (let i = 0; i < 5; i++) made.push(await makeCompany(ctx.app.db));
});
afterAll(() => ctx.close());

const list = (query: string, authorization = key.authorization) =>
  ctx.injectAsIs({ method: 'GET', url: `/api/open/v1/companies${query}`, headers: { authorization } });
const setCode = (id: number | string, payload: unknown, authorization = key.authorization) =>
  ctx.injectAsIs({
    method: 'PUT',
    url: `/api/open/v1/companies/${id}/erp_code`,
    headers: { authorization },
    payload: payload as object,
  });

describe('GET /companies', () => {
  it('pages every company with its approved licences, oldest change first, by an opaque cursor', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: { id: number; licences: unknown[] }[]; next_cursor: string | null };
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((c) => c.id));
      cursor = body.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen.sort((a, b) => a - b)).toEqual(made.map((c) => c.id).sort((a, b) => a - b));
    expect(pages).toBe(3);

    const one = (await list('?limit=100')).json().data.find((c: { id: number }) => c.id === made[0].id);
    expect(one).toMatchObject({
      name: made[0].name,
      qualification_status: 'approved',
      erp_code: null,
      business_scope: made[0].businessScope,
    });
    expect(one.licences.length).toBeGreaterThan(0);
    expect(one.licences[0]).toEqual({
      type: expect.any(String),
      type_name: expect.any(String),
      number: expect.any(String),
      valid_until: null,
      scopes: expect.any(Array),
    });
    expect(one.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+08:00$/);
  });

  it('lists from updated_since on: a renewed licence moves its company to the end', async () => {
    const all = (await list('')).json().data as { id: number; updated_at: string }[];
    const since = all.at(-1)?.updated_at as string;
    await new Promise((r) => setTimeout(r, 5));
    const before = new Date();
    await setLicenceExpiry(ctx.app.db, made[1].id, 'business_licence', '2031-12-31');
    const res = await list(`?updated_since=${encodeURIComponent(before.toISOString())}`);
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((c: { id: number }) => c.id);
    expect(ids).toEqual([made[1].id]);
    const renewed = res.json().data[0];
    expect(renewed.updated_at > since).toBe(true);
    expect(renewed.licences.find((l: { type: string }) => l.type === 'business_licence').valid_until).toBe(
      '2031-12-31',
    );
  });

  it('refuses bad queries with field messages, and keys without the scope', async () => {
    const bad = await list('?limit=0&updated_since=yesterday&colour=red');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(['limit', 'updated_since', 'colour']),
    );
    const cursor = await list('?cursor=not-a-cursor');
    expect(cursor.statusCode).toBe(422);
    expect(cursor.json().error.code).toBe('invalid_request');
    const goodsKey = await openApiKey(ctx.app, ['goods']);
    expect((await list('', goodsKey.authorization)).statusCode).toBe(403);
    expect((await list('', 'Bearer yc_nope')).statusCode).toBe(401);
  });
});

describe('PUT /companies/{id}/erp_code', () => {
  it('maps a company to a unique ERP code, audited with the key name; 404 for an unknown id', async () => {
    const res = await setCode(made[2].id, { erp_code: 'KH0001' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { id: made[2].id, erp_code: 'KH0001' } });
    const taken = await setCode(made[3].id, { erp_code: 'KH0001' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().error.fields.erp_code[0]).toContain('KH0001');
    const audited = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.erp_code'), eq(auditLog.targetId, String(made[2].id))));
    expect(audited.map((a) => a.operatorName)).toEqual(['开放接口·金蝶']);

    expect((await setCode(999999, { erp_code: 'KH9' })).statusCode).toBe(404);
    const bad = await setCode(made[3].id, { erp_code: 'KH 1', extra: true });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['erp_code', 'extra']));
    const cleared = await setCode(made[2].id, { erp_code: null });
    expect(cleared.json().data.erp_code).toBeNull();
  });

  it('gives one code to one company when two ask at once', async () => {
    const answers = await Promise.all([
      setCode(made[3].id, { erp_code: 'KH-RACE' }),
      setCode(made[4].id, { erp_code: 'KH-RACE' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const holders = await ctx.app.db.select().from(companies).where(eq(companies.erpCode, 'KH-RACE'));
    expect(holders).toHaveLength(1);
  });
});
