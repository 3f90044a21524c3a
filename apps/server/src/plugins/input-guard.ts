import { CONTROL_CHARS, type FieldErrors, LONE_SURROGATE } from '@yaocai/domain';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../lib/errors';

/** Deeper than any request of the API nests (checkout lines, registration documents: 3). */
export const MAX_INPUT_DEPTH = 10;

const controlMessage = '不能包含不可见的控制字符';
const keyMessage = '字段名不能包含控制字符';
const surrogateMessage = '含有无法识别的字符，请删除后重试';
const surrogateKeyMessage = '字段名含有无法识别的字符';
const depthMessage = '提交的数据层级过深';
const CONTROL_CHARS_ALL = new RegExp(CONTROL_CHARS, 'g');
const LONE_SURROGATES_ALL = new RegExp(LONE_SURROGATE, 'gu');

/**
 * The problems of one request part (params, query, body or headers) no schema should have to
 * think of: control characters in any string or key (PostgreSQL refuses NUL in text: a 500), half
 * a surrogate pair standing alone (JSON's `"\ud800"`: PostgreSQL refuses it in jsonb), and
 * nesting deeper than any request needs. Field names are dotted paths, as the schema errors name
 * them (`invoice.title`, `lines.0.quantity`). Walks without recursion: a body of a million
 * brackets must not overflow the stack.
 */
export function unsafeInput(value: unknown, prefix = ''): FieldErrors {
  // No prototype: a field named `constructor` or `__proto__` is a field like any other.
  const errors: FieldErrors = Object.create(null);
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: prefix, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as (typeof stack)[number];
    if (typeof item.value === 'string') {
      if (CONTROL_CHARS.test(item.value)) errors[item.path || 'body'] = [controlMessage];
      else if (LONE_SURROGATE.test(item.value)) errors[item.path || 'body'] = [surrogateMessage];
      continue;
    }
    if (item.value === null || typeof item.value !== 'object' || Buffer.isBuffer(item.value)) continue;
    if (item.depth >= MAX_INPUT_DEPTH) {
      errors[item.path || 'body'] = [depthMessage];
      continue;
    }
    for (const [key, child] of Object.entries(item.value)) {
      // The name of a bad key is shown with '?' in place of what it cannot show.
      const problem = CONTROL_CHARS.test(key)
        ? keyMessage
        : LONE_SURROGATE.test(key)
          ? surrogateKeyMessage
          : undefined;
      const name = problem ? key.replace(CONTROL_CHARS_ALL, '?').replace(LONE_SURROGATES_ALL, '?') : key;
      const path = [item.path, name].filter(Boolean).join('.');
      if (problem) errors[path] = [problem];
      else stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return errors;
}

/**
 * preValidation hook of every route (plugins/envelope.ts): refuses unsafe input in the path,
 * query, body and headers with a 422 naming the field, before any schema or handler sees it.
 * Authentication runs earlier (onRequest), so a visitor still gets 401 whatever it sends.
 */
export async function refuseUnsafeInput(request: FastifyRequest): Promise<void> {
  const errors: FieldErrors = Object.assign(
    Object.create(null),
    unsafeInput(request.headers),
    unsafeInput(request.body),
    unsafeInput(request.query),
    unsafeInput(request.params),
  );
  if (Object.keys(errors).length > 0) throw validationError(errors);
}
