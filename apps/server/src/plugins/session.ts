import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError, notLoggedIn } from '../lib/errors';
import {
  CachedSessionStore,
  DbSessionStore,
  RedisSessionStore,
  type SessionData,
} from '../lib/session-store';

/** Buyers and operators have separate cookies, so the two scopes never share a session. */
export const BUYER_COOKIE = 'yc_sid';
export const OPERATOR_COOKIE = 'yc_admin_sid';
const TTL_SECONDS = 7 * 24 * 3600;

type Scope = 'buyer' | 'operator';
const cookieOf = (scope: Scope) => (scope === 'buyer' ? BUYER_COOKIE : OPERATOR_COOKIE);

declare module 'fastify' {
  interface FastifyInstance {
    sessionStore: CachedSessionStore;
    redis?: Redis;
    /**
     * The `secure` option of every cookie the app sets: always with COOKIE_SECURE=1, otherwise
     * 'auto' (on https requests; behind a proxy, X-Forwarded-Proto counts only from TRUST_PROXY).
     */
    cookieSecure: true | 'auto';
    /** 401/10001 unless a buyer is logged in (the hook of buyerOnly scopes). */
    requireBuyer(request: FastifyRequest): Promise<void>;
    /** 401/10001 unless an operator is logged in (the hook of operatorOnly scopes). */
    requireOperator(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** The session of a scope, loaded once per request on first use. */
    loadSession(scope: Scope): Promise<SessionData | undefined>;
    /** Logged-in buyer (store user) id, or undefined for a visitor. */
    buyerId(): Promise<number | undefined>;
    /** Same as buyerId() after requireBuyer ran: never undefined. */
    userId: number;
    operatorId: number;
  }
  interface FastifyReply {
    /** Starts a fresh session (new id: no fixation) and sets the cookie. */
    startSession(scope: Scope, data: SessionData): Promise<void>;
    /** Destroys the current session of the scope (one this request started, if any) and clears its cookie. */
    endSession(scope: Scope): Promise<void>;
  }
}

export interface SessionPluginOptions {
  redisUrl?: string;
  /** Starts every session key in Redis (default `yc:`). */
  redisPrefix?: string;
  /** Every cookie carries `Secure` (COOKIE_SECURE=1); otherwise only cookies of https requests. */
  secureCookie?: boolean;
  /** How long this process reuses a session it read (default SESSION_CACHE_MS or 1 s; 0 = off). */
  sessionCacheMs?: number;
}

export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionPluginOptions) => {
  await app.register(cookie);
  app.decorate('cookieSecure', options.secureCookie ? true : 'auto');
  const cacheMs = options.sessionCacheMs ?? Number(process.env.SESSION_CACHE_MS ?? 1_000);
  if (options.redisUrl) {
    const redis = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    app.decorate('redis', redis);
    app.decorate(
      'sessionStore',
      new CachedSessionStore(new RedisSessionStore(redis, options.redisPrefix), cacheMs),
    );
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  } else {
    app.decorate('sessionStore', new CachedSessionStore(new DbSessionStore(app.db), cacheMs));
  }
  const store = app.sessionStore;
  const cache = new WeakMap<FastifyRequest, Map<Scope, SessionData | undefined>>();
  /** Sessions a request started: endSession on the same request ends them, not the cookie's. */
  const started = new WeakMap<FastifyRequest, Map<Scope, string>>();

  app.decorateRequest('userId', 0);
  app.decorateRequest('operatorId', 0);
  app.decorateRequest('loadSession', async function (this: FastifyRequest, scope: Scope) {
    let loaded = cache.get(this);
    if (!loaded) {
      loaded = new Map();
      cache.set(this, loaded);
    }
    if (loaded.has(scope)) return loaded.get(scope);
    const id = this.cookies[cookieOf(scope)];
    const data = id && id.length <= 64 ? await store.get(id) : undefined;
    loaded.set(scope, data);
    return data;
  });
  app.decorateRequest('buyerId', async function (this: FastifyRequest) {
    return (await this.loadSession('buyer'))?.userId;
  });

  app.decorateReply('startSession', async function (this: FastifyReply, scope: Scope, data: SessionData) {
    const oldId = this.request.cookies[cookieOf(scope)];
    if (oldId) await store.destroy(oldId);
    const id = randomBytes(32).toString('base64url');
    await store.set(id, data, TTL_SECONDS);
    cache.get(this.request)?.set(scope, data);
    started.set(this.request, (started.get(this.request) ?? new Map()).set(scope, id));
    this.setCookie(cookieOf(scope), id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: app.cookieSecure,
      maxAge: TTL_SECONDS,
    });
  });
  app.decorateReply('endSession', async function (this: FastifyReply, scope: Scope) {
    const id = started.get(this.request)?.get(scope) ?? this.request.cookies[cookieOf(scope)];
    if (id) await store.destroy(id);
    started.get(this.request)?.delete(scope);
    cache.get(this.request)?.set(scope, undefined);
    this.clearCookie(cookieOf(scope), { path: '/', httpOnly: true, secure: app.cookieSecure });
  });

  app.decorate('requireBuyer', async (request: FastifyRequest) => {
    const userId = await request.buyerId();
    if (!userId) throw notLoggedIn();
    request.userId = userId;
  });
  app.decorate('requireOperator', async (request: FastifyRequest) => {
    const operatorId = (await request.loadSession('operator'))?.operatorId;
    if (!operatorId) throw new AppError(401, '请先登录管理后台', 10001);
    request.operatorId = operatorId;
  });
});

/** The OpenAPI security schemes of the two sessions (plugins/docs.ts declares them). */
export const securitySchemes = {
  buyerSession: { type: 'apiKey', in: 'cookie', name: BUYER_COOKIE },
  operatorSession: { type: 'apiKey', in: 'cookie', name: OPERATOR_COOKIE },
} as const;

type Scoped = Pick<FastifyInstance, 'addHook' | 'requireBuyer' | 'requireOperator'>;

/**
 * Makes every route of a scope need a session: the check runs at onRequest, before the body is
 * parsed or validated, so a visitor gets 401 whatever it sends; the routes' OpenAPI entries carry
 * the scheme, which is how the tests find every route that must answer 401.
 */
function loginOnly(scope: Scoped, check: Scoped['requireBuyer'], scheme: keyof typeof securitySchemes) {
  scope.addHook('onRequest', check);
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ [scheme]: [] }] };
  });
}

/** Every route of this scope is for a logged-in buyer. */
export const buyerOnly = (scope: Scoped) => loginOnly(scope, scope.requireBuyer, 'buyerSession');
/** Every route of this scope is for a logged-in operator. */
export const operatorOnly = (scope: Scoped) => loginOnly(scope, scope.requireOperator, 'operatorSession');
