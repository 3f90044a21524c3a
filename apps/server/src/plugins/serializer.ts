import fastJsonStringify from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { toJSONSchema } from 'zod';

/**
 * Response serialisation. Every route declares its success body as a zod schema; what leaves the
 * server is that schema's output and nothing else (zod objects strip unknown keys), so a column a
 * service happens to select never reaches a client.
 *
 * Two ways to get there:
 * - by default the body is parsed with the schema, then stringified: a handler that returns the
 *   wrong type fails loudly (a logged 500) instead of sending it;
 * - a few hot routes (a 100-line cart, goods pages, user/base) mark their schema with
 *   `fastSerialized`: the schema is compiled once into a fast-json-stringify function, which
 *   writes only the schema's properties (same guarantee: unknown keys never leave) and is as fast
 *   as JSON.stringify, where parsing a 100-line cart first costs about a third more. Their
 *   handlers build the body through typed mappers; under the test runner every such body is also
 *   parsed with its schema, so the whole API suite and the E2E journeys check their shapes.
 */
const fastSchemas = new WeakSet<z.ZodType>();

/** Marks a response schema to be serialised by a compiled writer instead of parse + stringify. */
export function fastSerialized<T extends z.ZodType>(schema: T): T {
  fastSchemas.add(schema);
  return schema;
}

const checkFastBodies = Boolean(process.env.VITEST);

const parseThenStringify = createSerializerCompiler({});

type CompilerInput = Parameters<typeof parseThenStringify>[0];

export function responseSerializerCompiler(input: CompilerInput) {
  const schema = input.schema as z.ZodType;
  if (!fastSchemas.has(schema)) return parseThenStringify(input);
  const write = fastJsonStringify(
    toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJsonStringify>[0],
  );
  if (!checkFastBodies) return (data: unknown) => write(data);
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (!result.success)
      throw new Error(`${input.method} ${input.url}: response does not match its schema`, {
        cause: result.error,
      });
    return write(data);
  };
}
