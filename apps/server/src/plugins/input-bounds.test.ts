import { PG_INT_MAX } from '@yaocai/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerCookie, createBuyer, operatorCookie } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helpers';

/**
 * Every number a request carries is bounded before it reaches the database, whose integer
 * columns and parameters refuse values above PG_INT_MAX with an error (a 500 to the client).
 * Read off the OpenAPI document, so a route added without bounds fails here.
 */

interface JsonSchema {
  type?: string | string[];
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

let ctx: TestContext;
let operations: { method: string; path: string; op: Operation }[];
let buyer: string;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
  buyer = await buyerCookie(ctx.app, (await createBuyer(ctx.app.db)).user.id);
  operator = (await operatorCookie(ctx.app)).cookie;
});
afterAll(() => ctx.close());

/** The places in a schema where a number has no upper bound within PG_INT_MAX. */
function unbounded(schema: JsonSchema | undefined, at: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const types = [schema.type ?? []].flat();
  const own =
    (types.includes('integer') || types.includes('number')) &&
    schema.enum === undefined &&
    schema.const === undefined &&
    !(schema.maximum !== undefined && schema.maximum <= PG_INT_MAX)
      ? [at]
      : [];
  const nested = [
    ...Object.entries(schema.properties ?? {}).map(([k, s]) => unbounded(s, `${at}.${k}`)),
    unbounded(schema.items, `${at}[]`),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].map((s) =>
      unbounded(s, at),
    ),
    typeof schema.additionalProperties === 'object' ? unbounded(schema.additionalProperties, `${at}.*`) : [],
  ];
  return [...own, ...nested.flat()];
}

/** One above PG_INT_MAX (written out: the probe must not depend on the constant it checks). */
const ABOVE_INT = 2_147_483_648;

const cookieFor = (path: string) => (path.startsWith('/api/admin') ? operator : buyer);

describe('request numbers stay within what the database holds', () => {
  it('reads the routes off the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(unbounded({ type: 'integer' }, 'probe')).toEqual(['probe']);
  });

  it('bounds every number of every path, query and body schema', () => {
    const found = operations.flatMap(({ method, path, op }) => [
      ...(op.parameters ?? []).flatMap((p) => unbounded(p.schema, `${method} ${path} ${p.in}:${p.name}`)),
      ...Object.values(op.requestBody?.content ?? {}).flatMap((c) =>
        unbounded(c.schema, `${method} ${path} body`),
      ),
    ]);
    expect(found).toEqual([]);
  });

  it('answers an id above the integer range with 422 on every route that takes one', async () => {
    const withId = operations.filter(({ op }) =>
      (op.parameters ?? []).some((p) => p.in === 'path' && [p.schema.type].flat().includes('integer')),
    );
    expect(withId.length).toBeGreaterThan(10);
    for (const { method, path, op } of withId) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const p = op.parameters?.find((x) => x.in === 'path' && x.name === name);
        return [p?.schema.type].flat().includes('integer') ? String(ABOVE_INT) : 'x';
      });
      const res = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: cookieFor(path) },
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect({ route: `${method} ${path}`, status: res.statusCode }).toEqual({
        route: `${method} ${path}`,
        status: 422,
      });
    }
  });

  it('answers an integer query value above the range with 422', async () => {
    const probes = operations.flatMap(({ method, path, op }) =>
      method === 'GET' && !path.includes('{')
        ? (op.parameters ?? [])
            .filter((p) => p.in === 'query' && [p.schema.type].flat().includes('integer') && !p.schema.enum)
            .map((p) => ({ path, name: p.name }))
        : [],
    );
    expect(probes.length).toBeGreaterThan(10);
    for (const { path, name } of probes) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${path}?${encodeURIComponent(name)}=${ABOVE_INT}`,
        headers: { cookie: cookieFor(path) },
      });
      expect({ probe: `${path}?${name}`, status: res.statusCode }).toEqual({
        probe: `${path}?${name}`,
        status: 422,
      });
    }
  });
});
