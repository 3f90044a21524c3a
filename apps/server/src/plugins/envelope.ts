import { ApiCode, clientMessages, type FieldErrors, personMessages } from '@yaocai/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/errors';
import { refuseUnsafeInput } from './input-guard';
import { responseSerializerCompiler } from './serializer';

// Zod's own messages written for people, in Chinese, for every schema in the process.
z.config({ localeError: personMessages });

/** Bodies longer than this (in UTF-16 units) are sent as bytes; see the onSend hook below. */
const LARGE_BODY_CHARS = 16 * 1024;

/** The success body: `{ code: 10000, message, data }`. */
export function ok<T>(data: T, message = 'success') {
  return { code: ApiCode.ok, message, data };
}

function fieldName(context: string | undefined, instancePath: string, missing?: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const name = [path, missing].filter(Boolean).join('.');
  return name || context || 'body';
}

/**
 * The API contract in one place: schema validation (zod, after the input guard), the error
 * envelope and the not-found answer. 5xx bodies never carry internals; they are logged with the request id instead.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // Every route, whatever its schemas: control characters and absurd nesting never get further.
  app.addHook('preValidation', refuseUnsafeInput);

  // A large JSON body is encoded to UTF-8 once, here, and written as bytes: a string body is
  // measured for its content-length and then encoded again on the socket (a 100-line cart state
  // is 89 KB of mostly Chinese text; bare Fastify serves it 15% faster as a Buffer).
  app.addHook('onSend', async (_request, _reply, payload) =>
    typeof payload === 'string' && payload.length > LARGE_BODY_CHARS ? Buffer.from(payload) : payload,
  );

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    try {
      return answerError(error, request, reply);
    } catch (fault) {
      // A fault while answering must not fall through to Fastify's default body, which shows it.
      request.log.error({ err: fault, cause: error }, 'error handler failed');
      return reply
        .status(500)
        .send({ code: ApiCode.serverError, message: clientMessages.serverBusy, data: null });
    }
  });
});

/** The envelope of an error: AppError as thrown, schema errors as 422 by field, the rest hidden. */
function answerError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    // A service that could not be reached (a payment provider, the file store): the person reads
    // the Chinese words, the log keeps what failed.
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    return reply
      .status(error.statusCode)
      .send({ code: error.code, message: error.message, data: error.data });
  }
  const errors = schemaFieldErrors(error);
  if (errors) {
    const first = Object.values(errors)[0]?.[0] ?? '提交的数据有误';
    return reply.status(422).send({ code: ApiCode.validation, message: first, data: { errors } });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ code: ApiCode.serverError, message: clientMessages.serverBusy, data: null });
  }
  const message = clientErrorMessage(error);
  return reply.status(status).send({ code: status, message, data: null });
}

/** A schema validation failure's Chinese messages by dotted field name; undefined for other errors. */
export function schemaFieldErrors(error: unknown): FieldErrors | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  // No prototype: a field named `constructor` or `__proto__` is a field like any other.
  const errors: FieldErrors = Object.create(null);
  for (const issue of error.validation) {
    const params = issue.params as { keys?: string[] } | undefined;
    const unknownKeys = issue.keyword === 'unrecognized_keys' ? params?.keys : undefined;
    const names = unknownKeys?.length
      ? unknownKeys.map((key) => fieldName(error.validationContext, issue.instancePath, key))
      : [fieldName(error.validationContext, issue.instancePath)];
    for (const name of names) {
      const message = unknownKeys?.length ? `不支持的字段：${name}` : (issue.message ?? '格式不正确');
      errors[name] = [...(errors[name] ?? []), message];
    }
  }
  return errors;
}

/**
 * Errors Fastify meets before routing (a path that is not valid percent-encoding, say) skip the
 * error handler: buildApp passes this as frameworkErrors so API calls get the envelope too.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // A browser that follows such a link lands on the shop's not-found page.
  if (!request.url.startsWith('/api/')) return reply.redirect('/404');
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  // The open API answers in its own shape (modules/open/plugin.ts), even before routing.
  if (request.url.startsWith('/api/open/'))
    return reply.status(status).send({ error: { code: 'bad_request', message: clientErrorMessage(error) } });
  reply.status(status).send({ code: status, message: clientErrorMessage(error), data: null });
}

/** The Chinese words of a client error Fastify or a plugin raised (bad JSON, too large...). */
export function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return '请求地址有误';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return '提交的数据过大';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return '不支持的请求格式';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return '请求格式错误';
    case 'FST_REQ_FILE_TOO_LARGE':
      return '上传的文件过大';
    default:
      if (error.statusCode === 429) return '操作过于频繁，请稍后再试';
      if (error.statusCode === 400 && error.message.includes('JSON')) return '请求格式错误';
      return error.statusCode === 404 ? '数据不存在' : '请求有误';
  }
}
