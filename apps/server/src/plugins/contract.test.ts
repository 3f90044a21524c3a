import { cartState, envelope, goodsSearchListData, headerCommonData, userBase } from '@yaocai/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buyerWithCartLines, makeGoods, makeWarehouse } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helpers';
import { envelopePlugin, ok } from './envelope';
import { fastSerialized } from './serializer';

// The response contract of every route: each declares its success body, and nothing a schema
// does not name leaves the server.

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let ctx: TestContext;
let operations: { route: string; op: Operation }[];

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
  );
});
afterAll(() => ctx.close());

const successContent = (op: Operation) =>
  Object.entries(op.responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .map(([, response]) => response.content);

/** Every property name anywhere in a JSON schema (nested objects, arrays, unions, definitions). */
function propertyNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) propertyNames(item, into);
  else if (schema && typeof schema === 'object') {
    const properties = (schema as { properties?: Record<string, unknown> }).properties;
    if (properties && typeof properties === 'object')
      for (const name of Object.keys(properties)) into.add(name);
    for (const value of Object.values(schema)) propertyNames(value, into);
  }
  return into;
}

/** Names that would carry a credential or an internal secret. */
const SECRET_NAME = /pass(word|wd)|pwd|hash|secret|salt|token|session|sms_?code|otp|signature/i;
/**
 * The spec's user/base `token`, the draft token each verify step answers (the next steps carry
 * it), 短信设置's template code for the password-reset message (a template id, no secret), and a
 * new webhook subscription's signing secret (shown this once, like an open API key).
 */
const ALLOWED_SECRET_NAMES: Record<string, string[]> = {
  'GET /api/user/base': ['token'],
  'GET /api/admin/settings': ['password_reset'],
  'POST /api/admin/settings/sms': ['password_reset'],
  'POST /api/register/verify': ['token'],
  'POST /api/register/dd/verify': ['token'],
  'POST /api/user/forget/verify': ['token'],
  'POST /api/admin/webhooks': ['secret'],
};

describe('response contract', () => {
  it('has every route in the OpenAPI document', () => {
    // Guards the walk below against an empty or truncated document.
    expect(operations.length).toBeGreaterThanOrEqual(96);
  });

  it('declares the success body of every route, with its media type', () => {
    const undeclared = operations
      .filter(({ op }) => !successContent(op).some((content) => content && Object.keys(content).length > 0))
      .map(({ route }) => route);
    expect(undeclared).toEqual([]);
  });

  it('names no password, hash, secret or token in any JSON response beyond those the spec fixes', () => {
    const found: string[] = [];
    for (const { route, op } of operations) {
      for (const content of successContent(op)) {
        const json = content?.['application/json'];
        if (!json) continue;
        for (const name of propertyNames(json.schema)) {
          if (SECRET_NAME.test(name) && !ALLOWED_SECRET_NAMES[route]?.includes(name))
            found.push(`${route}: ${name}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('finds a secret name when one is declared (the walk above can fail)', () => {
    const names = propertyNames(
      z.toJSONSchema(envelope(z.object({ user: z.object({ password_hash: z.string() }) }))),
    );
    expect([...names].filter((n) => SECRET_NAME.test(n))).toEqual(['password_hash']);
  });
});

describe('unknown keys never leave the server', () => {
  const user = z.object({ id: z.number().int(), name: z.string() });
  const row = { id: 7, name: '张三', password_hash: '$argon2id$v=19$secret', internal_note: 'x' };
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(envelopePlugin);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get('/parsed', { schema: { response: { 200: envelope(user) } } }, async () => ok(row));
    typed.get('/fast', { schema: { response: { 200: fastSerialized(envelope(user)) } } }, async () =>
      ok(row),
    );
    typed.get('/wrong', { schema: { response: { 200: envelope(user) } } }, async () =>
      ok({ ...row, name: null as unknown as string }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['/parsed', '/fast'])('%s sends the schema fields of a row that has more', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 10000, message: 'success', data: { id: 7, name: '张三' } });
    expect(res.body).not.toContain('argon2');
  });

  it('answers a handler that breaks its schema with the 500 envelope, not the body', async () => {
    const res = await app.inject({ url: '/wrong' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 500, data: null });
    expect(res.body).not.toContain('argon2');
  });
});

describe('hot routes send exactly their schema', () => {
  // These skip the parse before stringifying (focus/common sends cached bytes, the others a
  // compiled writer): a real response of each parses with its schema and loses nothing to it,
  // so no field has a wrong type and none is missing or extra.
  let cookie: string;

  beforeAll(async () => {
    const db = ctx.database.db;
    const warehouse = await makeWarehouse(db);
    const lines = [];
    for (let i = 0; i < 30; i++) {
      const goods = await makeGoods(db, {
        name: `阿莫西林胶囊${i}`,
        basePriceFen: 1000 + i,
        stock: { [warehouse.id]: 500 },
        ladderTiers: i % 2 ? [{ quantity: 10, priceFen: 900 }] : undefined,
      });
      lines.push({ goodsId: goods.id, quantity: 2 + i });
    }
    ({ cookie } = await buyerWithCartLines(ctx.app, warehouse.id, lines));
  });

  it('reads a cart of 30 lines and a page of 20 goods (what the shapes below are checked on)', async () => {
    const cart = await ctx.app.inject({ url: '/api/cart/list', headers: { cookie } });
    expect(cart.json().data.data).toHaveLength(30);
    const list = await ctx.app.inject({ url: '/api/goods/list?page_size=20', headers: { cookie } });
    expect(list.json().data.list).toHaveLength(20);
  });

  it.each([
    ['/api/cart/list', cartState],
    ['/api/goods/list?page_size=20', goodsSearchListData],
    ['/api/user/base', userBase],
    ['/api/focus/common', headerCommonData],
  ] as const)('%s', async (url, data) => {
    const res = await ctx.app.inject({ url, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(envelope(data).parse(body)).toEqual(body);
  });
});
