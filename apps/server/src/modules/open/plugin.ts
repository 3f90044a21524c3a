import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  type FieldErrors,
  IDEMPOTENCY_KEY_MAX,
  type OpenErrorBody,
  type OpenErrorCode,
  openErrorBody,
  openErrorCodes,
  openScopeName,
} from '@yaocai/domain';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { openIdempotency } from '../../db/schema/open';
import type { OperatorCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { clientErrorMessage, schemaFieldErrors } from '../../plugins/envelope';
import { authenticateKey, keyActorName, permissionsOf } from './keys';
import { OpenError, type OpenV1Options, openKeyOf } from './request';
import { openV1Routes } from './v1';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open API's own OpenAPI document (served at /api/open/docs/json). */
    openApiDocument(): unknown;
  }
}

export const OPEN_API_PREFIX = '/api/open/v1';
/** How long an Idempotency-Key's answer is replayed. */
export const IDEMPOTENCY_HOURS = 24;

const codeOfStatus = (status: number): OpenErrorCode => {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'invalid_request';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'server_error' : 'bad_request';
  }
};

function errorBody(code: OpenErrorCode, message: string, fields?: FieldErrors): OpenErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Every refusal of the open API in its one documented shape. */
function answerOpenError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const fields = schemaFieldErrors(error);
  if (fields) {
    const first = Object.values(fields)[0]?.[0] ?? openErrorCodes.invalid_request;
    return reply.status(422).send(errorBody('invalid_request', first, fields));
  }
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    const data = error.data as { errors?: FieldErrors } | null;
    const code = error instanceof OpenError ? error.openCode : codeOfStatus(error.statusCode);
    return reply.status(error.statusCode).send(errorBody(code, error.message, data?.errors));
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'open api request failed');
    return reply.status(500).send(errorBody('server_error', openErrorCodes.server_error));
  }
  return reply.status(status).send(errorBody(codeOfStatus(status), clientErrorMessage(error)));
}

const bearerOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  return scheme?.toLowerCase() === 'bearer' && token && rest.length === 0 ? token : undefined;
};

const hashRequest = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

/** The claimed idempotency row of a request, for onSend to fill in. */
const claims = new WeakMap<FastifyRequest, { keyId: number; idempotencyKey: string }>();

/**
 * /api/open/v1: authentication by bearer key before anything is parsed (a session cookie never
 * counts, and the browser Origin check does not apply: no cookie authorises these calls), the
 * route's scope, the key's rate limit, JSON bodies only, `Idempotency-Key` on POST, and errors as
 * `{ error: { code, message, fields? } }`.
 */
async function openV1(app: FastifyInstance, options: OpenV1Options) {
  // Machines send JSON: form and multipart bodies get 415 unsupported_media_type.
  app.removeContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data']);
  app.setErrorHandler(answerOpenError);
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send(errorBody('not_found', '没有这个接口，请对照 /api/open/docs')),
  );

  app.addHook('onRoute', (route) => {
    const scope = route.config?.openScope;
    if (!scope) {
      throw new Error(`open API route ${route.method} ${route.url} names no scope (config.openScope)`);
    }
    route.config = { ...route.config, csrf: false };
    route.schema = {
      ...route.schema,
      security: [{ openKey: scope === 'any' ? [] : [scope] }],
      response: {
        401: openErrorBody,
        403: openErrorBody,
        422: openErrorBody,
        ...(route.schema?.response as Record<string, unknown> | undefined),
      },
    };
  });

  const limit = app.rateLimit({
    timeWindow: 60_000,
    max: (request: FastifyRequest) => request.openKey?.rateLimitPerMinute ?? 60,
    keyGenerator: (request: FastifyRequest) => `open:${request.openKey?.id ?? 0}`,
    errorResponseBuilder: (_request, context) =>
      new OpenError(429, 'rate_limited', `调用过于频繁，请${Math.ceil(context.ttl / 1000)}秒后再试`),
  });

  app.addHook('onRequest', async (request, reply) => {
    const token = bearerOf(request);
    const key = token ? await authenticateKey(app.db, token, app.clock.now()) : undefined;
    if (!key) {
      reply.header('www-authenticate', 'Bearer realm="yaocai-open-api"');
      throw new OpenError(
        401,
        'unauthorized',
        token ? '接口密钥无效或已吊销' : '请在 Authorization 头中提供接口密钥',
      );
    }
    request.openKey = key;
    const scope = request.routeOptions.config?.openScope;
    if (scope && scope !== 'any' && !key.scopes.includes(scope)) {
      throw new OpenError(403, 'forbidden', `该接口密钥没有「${openScopeName(scope)}」权限`);
    }
    await limit.call(app, request, reply);
  });

  app.decorateRequest('openCtx', function (this: FastifyRequest): OperatorCtx {
    const key = openKeyOf(this);
    return {
      db: app.db,
      now: app.clock.now(),
      actor: {
        kind: 'operator',
        operatorId: key.createdBy,
        username: keyActorName(key),
        permissions: permissionsOf(key),
      },
    };
  });

  // Idempotency-Key on POST: the first call claims the key; the same key and request again
  // replays the answer; another request under the same key is refused; a call still running
  // answers 409. A server error frees the key so the call may be tried again.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = request.openKey;
    if (!key) return;
    const idempotencyKey = Array.isArray(header) ? '' : header.trim();
    if (!idempotencyKey || idempotencyKey.length > IDEMPOTENCY_KEY_MAX) {
      throw new OpenError(422, 'invalid_request', `Idempotency-Key 须为 1 到 ${IDEMPOTENCY_KEY_MAX} 个字符`);
    }
    const requestHash = hashRequest(request);
    const now = app.clock.now();
    // One statement claims the key: a new one, or one whose answer is older than a day (then
    // forgotten: the key may be used again).
    const claimed = await app.db
      .insert(openIdempotency)
      .values({ keyId: key.id, idempotencyKey, requestHash, createdAt: now })
      .onConflictDoUpdate({
        target: [openIdempotency.keyId, openIdempotency.idempotencyKey],
        set: { requestHash, statusCode: null, body: null, createdAt: now },
        setWhere: lt(openIdempotency.createdAt, new Date(now.getTime() - IDEMPOTENCY_HOURS * 3_600_000)),
      })
      .returning({ keyId: openIdempotency.keyId });
    if (claimed.length > 0) {
      claims.set(request, { keyId: key.id, idempotencyKey });
      return;
    }
    const [earlier] = await app.db
      .select()
      .from(openIdempotency)
      .where(and(eq(openIdempotency.keyId, key.id), eq(openIdempotency.idempotencyKey, idempotencyKey)));
    if (!earlier) throw new OpenError(409, 'conflict', '同一个 Idempotency-Key 的请求正在处理，请稍后重试');
    if (earlier.requestHash !== requestHash) throw new OpenError(422, 'idempotency_conflict');
    if (earlier.statusCode === null || earlier.body === null) {
      throw new OpenError(409, 'conflict', '同一个 Idempotency-Key 的请求正在处理，请稍后重试');
    }
    reply.header('idempotent-replayed', 'true');
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.status(earlier.statusCode).send(earlier.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const where = and(
      eq(openIdempotency.keyId, claim.keyId),
      eq(openIdempotency.idempotencyKey, claim.idempotencyKey),
    );
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await app.db.delete(openIdempotency).where(where);
    } else {
      await app.db.update(openIdempotency).set({ statusCode: reply.statusCode, body: payload }).where(where);
    }
    return payload;
  });

  for (const routes of openV1Routes) await app.register(routes, { ordersSettleMs: options.ordersSettleMs });
}

/**
 * The open API for the wholesaler's ERP, with its own OpenAPI document at /api/open/docs (the
 * shop's /api/docs does not list it). Registered before the shop's docs plugin, whose route
 * collector would otherwise take these routes too.
 */
export const openApiPlugin = fp(async (app: FastifyInstance, options: OpenV1Options) => {
  let documentOf: () => unknown = () => ({});
  await app.register(async (scope) => {
    await scope.register(swagger, {
      openapi: {
        info: {
          title: '药采开放接口 Yaocai Open API',
          version: '1.0.0',
          description: [
            'The API a wholesaler’s ERP uses to keep goods, stock and prices, pull orders and push shipments.',
            'Authenticate every call with `Authorization: Bearer <key>` (系统 → 开放接口 in the console).',
            'Bodies are JSON; a success is `{ "data": ... }`, a list adds `next_cursor`.',
            'Every error is `{ "error": { "code", "message", "fields"? } }` with a stable `code`:',
            ...Object.entries(openErrorCodes).map(([code, words]) => `- \`${code}\`: ${words}`),
            'POST calls honour `Idempotency-Key` (replayed for 24 hours).',
          ].join('\n'),
        },
        servers: [{ url: '/' }],
        components: { securitySchemes: { openKey: { type: 'http', scheme: 'bearer' } } },
      },
      transform: jsonSchemaTransform,
    });
    await scope.register(swaggerUi, { routePrefix: '/api/open/docs', staticCSP: true });
    await scope.register(openV1, { ...options, prefix: OPEN_API_PREFIX });
    documentOf = () => scope.swagger();
  });
  app.decorate('openApiDocument', () => documentOf());
});
