import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerCookie, createBuyer } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helpers';

/**
 * A visitor is told to log in before anything it sends is judged (issue 11: a bad body got 422
 * from some modules and 401 from others). Read off the OpenAPI document: every route of a
 * buyerOnly or operatorOnly scope names its session scheme there.
 */

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
}

let ctx: TestContext;
let operations: { method: string; path: string; url: string; scheme?: string }[];
let buyer: string;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  const doc = (await ctx.app.inject('/api/docs/json')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        url: path.replace(/\{\w+\}/g, '1'),
        scheme: Object.keys(op.security?.[0] ?? {})[0],
      })),
  );
  buyer = await buyerCookie(ctx.app, (await createBuyer(ctx.app.db)).user.id);
});
afterAll(() => ctx.close());

/** Bodies no route accepts: wrong types, unknown and prototype keys, a NUL byte, deep nesting. */
const garbageBodies = [
  { payload: { ids: 'x', id: -1, __garbage: [[[{}]]], remarks: 'a\u0000b', constructor: { prototype: 1 } } },
  {
    payload: 'ids[]=x&__proto__[admin]=1&page=-1&title=%00&a[b][c][d][e][f][g]=1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  },
  { payload: '{"ids":', headers: { 'content-type': 'application/json' } },
];

async function send(op: (typeof operations)[number], cookie?: string) {
  const results = [];
  const bodies = op.method === 'GET' || op.method === 'DELETE' ? [{}] : garbageBodies;
  for (const body of bodies) {
    const res = await ctx.app.inject({
      method: op.method as 'POST',
      url: `${op.url}?page=-1&keywords=%00&start_date=0001-01-01`,
      ...(body as object),
      headers: { ...('headers' in body ? body.headers : {}), ...(cookie ? { cookie } : {}) },
    });
    results.push({ route: `${op.method} ${op.path}`, status: res.statusCode, code: res.json().code });
  }
  return results;
}

describe('authentication comes before validation', () => {
  it('finds the buyer and operator routes in the OpenAPI document', () => {
    expect(operations.filter((op) => op.scheme === 'buyerSession').length).toBeGreaterThan(40);
    expect(operations.filter((op) => op.scheme === 'operatorSession').length).toBeGreaterThan(8);
  });

  it('answers 401/10001 to a visitor with a garbage body on every route that needs a session', async () => {
    for (const op of operations.filter((o) => o.scheme)) {
      for (const result of await send(op)) {
        expect(result).toEqual({ route: result.route, status: 401, code: 10001 });
      }
    }
  });

  it('answers 401/10001 to a buyer with a garbage body on every operator route', async () => {
    for (const op of operations.filter((o) => o.scheme === 'operatorSession')) {
      for (const result of await send(op, buyer)) {
        expect(result).toEqual({ route: result.route, status: 401, code: 10001 });
      }
    }
  });

  // A public route given no input: the routes that decide from their input whether a login is
  // needed (upload, files, password change, a store's own SMS code) still answer it without 401.
  it('declares every route that turns a visitor away with 401', async () => {
    const undeclared = [];
    for (const op of operations.filter((o) => !o.scheme)) {
      const res = await ctx.app.inject({
        method: op.method as 'POST',
        url: op.url,
        ...(op.method === 'POST' ? { payload: {} } : {}),
      });
      if (res.statusCode === 401) undeclared.push(`${op.method} ${op.path}`);
    }
    expect(undeclared).toEqual([]);
  });
});
