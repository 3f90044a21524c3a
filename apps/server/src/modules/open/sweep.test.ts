import { randomBytes } from 'node:crypto';
import { openScopeCodes } from '@yaocai/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiKey } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';

/**
 * The open API's own sweep, read off its own OpenAPI document (app.openApiDocument(): the shop's
 * sweeps read the shop's). For every route: no key is 401 before anything sent is judged (a
 * garbage body), a key without the route's scope is 403, and generated requests (mostly shaped
 * by the route's schemas, mixed with control characters, deep nesting, huge numbers, wrong types
 * and unknown fields) never get a 5xx, and every refusal comes in the one error shape with a
 * Chinese message (a 422 with its fields).
 *
 * Fixed seed, bounded runs: OPEN_SWEEP_RUNS and OPEN_SWEEP_SEED widen a local run.
 */

const RUNS = Number(process.env.OPEN_SWEEP_RUNS ?? 25);
const SEED = Number(process.env.OPEN_SWEEP_SEED ?? 20_261_128);

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  example?: unknown;
}
interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Route {
  method: string;
  path: string;
  scope: string | undefined;
  op: Operation;
}

function nested(depth: number): unknown {
  let value: unknown = { a: 1 };
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('阿莫西林', 'YP-1', ''),
      fc.constantFrom('\u0000', '\u0007', '\u001b', '\n', '\u2028'),
    )
    .map(([w, c]) => `${w}${c}${w}`),
  fc.constantFrom<unknown>(1e308, -1e308, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER + 2, 0.001, -0.5),
  fc.constantFrom<unknown>('1e400', 'NaN', 'Infinity', '99999999999999999999', '0x10', ' 1 '),
  fc.constantFrom<unknown>(true, null, [], {}, '', '__proto__', JSON.parse('{"__proto__":{"admin":true}}')),
  fc.constantFrom('x'.repeat(5000), '药'.repeat(2000), '\ud800', "' OR 1=1 --", '0000-01-01', '2025-02-30'),
  fc.integer({ min: 20, max: 400 }).map(nested),
);

/** Values a schema describes, or near it: mostly valid so handlers are reached. */
function shaped(schema: Schema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return hostile;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => value(s, depth + 1)));
  const type = [schema.type ?? 'any'].flat().find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 1000, 2 ** 31 - 1),
      });
    case 'number':
      return fc.oneof(
        fc.integer({ min: 0, max: 100_000 }).map((fen) => fen / 100),
        fc.double({ noNaN: true, min: -1e12, max: 1e12 }),
      );
    case 'string': {
      const options: fc.Arbitrary<unknown>[] = [
        fc.constantFrom('阿莫西林胶囊', 'YP-0001', 'kss', 'hz', '2026-01-01', '2026-11-28T08:00:00+08:00'),
        fc.string({ maxLength: Math.min(schema.maxLength ?? 40, 60) }),
      ];
      if (schema.pattern) options.push(fc.stringMatching(new RegExp(schema.pattern)));
      return fc.oneof(...options);
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      // A batch envelope documents its items by example: send the example, altered.
      const items = schema.items?.type === undefined && Array.isArray(schema.example) ? schema.example : null;
      const item = items ? fc.constantFrom(...items).chain((e) => mutate(e)) : value(schema.items, depth + 1);
      return fc.array(item, { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      const record = fc.record(Object.fromEntries(keys.map((k) => [k, value(properties[k], depth + 1)])), {
        requiredKeys: (schema.required ?? []).filter((k) => keys.includes(k)),
      });
      return fc.tuple(record, extraField).map(([body, extra]) => withExtra(body, extra));
    }
    default:
      return hostile;
  }
}

const extraField = fc.option(
  fc.tuple(fc.constantFrom('__proto__', 'constructor', 'admin', 'company_id', 'x\u0000', 'a.b'), hostile),
  { freq: 5 },
);
function withExtra(body: object, extra: [string, unknown] | null) {
  if (extra) Object.defineProperty(body, extra[0], { value: extra[1], enumerable: true, writable: true });
  return body;
}

/** An example item with one field made hostile, dropped, or left alone (then it is valid). */
function mutate(example: unknown): fc.Arbitrary<unknown> {
  if (!example || typeof example !== 'object') return fc.constant(example);
  const keys = Object.keys(example);
  return fc
    .tuple(fc.constantFrom(...keys, ''), fc.oneof(hostile, fc.constant(undefined)), extraField)
    .map(([key, replaced, extra]) => {
      const copy: Record<string, unknown> = {
        ...(example as object),
        erp_code: `SW-${randomBytes(3).toString('hex')}`,
      };
      if (key) copy[key] = replaced;
      return withExtra(copy, extra);
    });
}

function value(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 8, arbitrary: shaped(schema, depth) }, { weight: 1, arbitrary: hostile });
}

function requestFor(route: Route) {
  const params = route.op.parameters ?? [];
  const of = (kind: string) => params.filter((p) => p.in === kind);
  const record = (list: typeof params, all: boolean) =>
    fc.record(Object.fromEntries(list.map((p) => [p.name, value(p.schema)])), {
      requiredKeys: list.filter((p) => all || p.required).map((p) => p.name),
    });
  const body = Object.values(route.op.requestBody?.content ?? {})[0]?.schema;
  return fc
    .record({
      path: record(of('path'), true),
      query: record(of('query'), false),
      body: route.method === 'GET' ? fc.constant(undefined) : value(body),
    })
    .map(({ path, query, body }) => {
      const text = (v: unknown) =>
        (typeof v === 'object' ? JSON.stringify(v) : String(v)).replace(/[\ud800-\udfff]/g, '?');
      const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(text(path[name])));
      const search = new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, text(v)]),
      ).toString();
      return {
        url: search ? `${url}?${search}` : url,
        payload: body === undefined ? undefined : JSON.stringify(body),
      };
    });
}

const CHINESE = /[\u4e00-\u9fa5]/;
const RAW_ZOD = /无效输入|无效选项|期望|实际接收|Invalid|Expected|Required|Too (big|small)|received/i;

/** What is wrong with an answer of the open API, or undefined. */
function problemWith(status: number, body: string): string | undefined {
  if (status >= 500) return `status ${status}`;
  if (status < 400) return undefined;
  let parsed: { error?: { code?: unknown; message?: unknown; fields?: Record<string, string[]> } };
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${status} without the JSON error shape`;
  }
  const error = parsed.error;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string')
    return `${status} without the error shape`;
  if (status === 422 && error.code === 'invalid_request' && !error.fields) return '422 without fields';
  const messages = [error.message, ...Object.values(error.fields ?? {}).flat()];
  const bad = messages.find((m) => typeof m !== 'string' || !CHINESE.test(m) || RAW_ZOD.test(m));
  return bad === undefined ? undefined : `${status} message not written for a person: ${JSON.stringify(bad)}`;
}

let ctx: TestContext;
let routes: Route[];
let everything: string;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  const doc = ctx.app.openApiDocument() as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        scope: op.security?.[0]?.openKey?.[0],
        op,
      })),
  );
  everything = (await openApiKey(ctx.app, openScopeCodes, { rateLimitPerMinute: 6000 })).authorization;
});
afterAll(() => ctx.close());

const garbage: { payload: string; headers?: Record<string, string> }[] = [
  { payload: JSON.stringify({ items: 'x', id: -1, __garbage: [[[{}]]], name: 'a\u0000b', constructor: {} }) },
  { payload: '{"items":', headers: { 'content-type': 'application/json' } },
  {
    payload: 'items[]=x&__proto__[admin]=1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  },
];

const urlOf = (route: Route) => route.path.replace(/\{\w+\}/g, '1');

describe('the open API sweep', () => {
  it('reads every route and its scope off the open API document', () => {
    expect(routes.length).toBeGreaterThanOrEqual(7);
    for (const route of routes) expect(route.op.security, `${route.method} ${route.path}`).toBeDefined();
    expect(
      problemWith(422, JSON.stringify({ error: { code: 'invalid_request', message: 'Invalid input' } })),
    ).toBeDefined();
  });

  it('answers 401 before judging anything when no key is sent', async () => {
    for (const route of routes) {
      for (const body of route.method === 'GET' ? [undefined] : garbage) {
        const res = await ctx.injectAsIs({
          method: route.method as 'POST',
          url: `${urlOf(route)}?limit=-1&updated_since=%00`,
          ...(body ? { payload: body.payload } : {}),
          headers: { 'content-type': 'application/json', ...body?.headers },
        });
        expect({
          route: `${route.method} ${route.path}`,
          status: res.statusCode,
          code: res.json().error?.code,
        }).toEqual({
          route: `${route.method} ${route.path}`,
          status: 401,
          code: 'unauthorized',
        });
      }
    }
  });

  it('answers 403 to a key without the route’s scope, before judging the body', async () => {
    const keys = new Map<string, string>();
    for (const route of routes.filter((r) => r.scope)) {
      const scope = route.scope as string;
      if (!keys.has(scope)) {
        const others = openScopeCodes.filter((s) => s !== scope);
        keys.set(scope, (await openApiKey(ctx.app, others)).authorization);
      }
      const res = await ctx.injectAsIs({
        method: route.method as 'POST',
        url: urlOf(route),
        ...(route.method === 'GET' ? {} : { payload: garbage[0].payload }),
        headers: { authorization: keys.get(scope) as string, 'content-type': 'application/json' },
      });
      expect([`${route.method} ${route.path}`, res.statusCode, res.json().error.code]).toEqual([
        `${route.method} ${route.path}`,
        403,
        'forbidden',
      ]);
    }
  });

  it('never answers 5xx to generated and hostile requests; every refusal in the one shape', {
    timeout: 120_000,
  }, async () => {
    const failures: string[] = [];
    for (const [index, route] of routes.entries()) {
      const statuses: Record<number, number> = {};
      const details = await fc.check(
        fc.asyncProperty(requestFor(route), async (sent) => {
          const res = await ctx.injectAsIs({
            method: route.method as 'POST',
            url: sent.url,
            headers: {
              authorization: everything,
              ...(sent.payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(sent.payload === undefined ? {} : { payload: sent.payload }),
          });
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          const problem = problemWith(res.statusCode, res.body);
          if (problem)
            throw new Error(
              `${problem}\n  sent: ${JSON.stringify(sent).slice(0, 400)}\n  answer: ${res.body.slice(0, 300)}`,
            );
        }),
        { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
      );
      if (process.env.SWEEP_REPORT) console.log(`${route.method} ${route.path} ${JSON.stringify(statuses)}`);
      if (details.failed)
        failures.push(`${route.method} ${route.path}: ${(details.errorInstance as Error).message}`);
    }
    expect(failures).toEqual([]);
  });
});
