import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` for a route that browsers never call and that authenticates otherwise (a payment
     * provider's signed notification): it skips the CSRF check.
     */
    csrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const refused = () => new AppError(403, '非法的请求来源');

/**
 * Whether a request's Origin (or Referer) is this site: the same host as the request (the
 * forwarded host only when it came through a trusted proxy: Fastify's `request.host` follows
 * TRUST_PROXY), or one of the trusted origins. The request's host is read with the source's
 * scheme, so a default port written or left out compares equal.
 */
function fromThisSite(source: string, request: FastifyRequest, trusted: Set<string>): boolean {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (trusted.has(url.origin)) return true;
  try {
    return new URL(`${url.protocol}//${request.host}`).host === url.host;
  } catch {
    return false;
  }
}

/**
 * CSRF protection for cookie-authenticated state changes: every request that is not GET, HEAD
 * or OPTIONS, whatever its path (the router decodes `/%61pi/...` to `/api/...`), must name its
 * Origin (or, failing that, a Referer), and it must be this site or a trusted origin. Browsers
 * send Origin on every such request, so a request without either is not a page of this site.
 * Cookies are also SameSite=Lax. A route that authenticates otherwise opts out with
 * `config: { csrf: false }`.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: { trustedOrigins: string[] }) => {
  const trusted = new Set(
    options.trustedOrigins.flatMap((origin) => {
      try {
        return [new URL(origin).origin];
      } catch {
        return [];
      }
    }),
  );
  app.addHook('onRequest', async (request) => {
    // A path no route answers changes nothing: its 404 is the answer (the open API's callers,
    // machines that send no Origin, read their own not_found instead of a CSRF refusal).
    if (SAFE_METHODS.has(request.method) || request.is404 || request.routeOptions.config?.csrf === false)
      return;
    const source = request.headers.origin || request.headers.referer;
    if (!source || !fromThisSite(source, request, trusted)) throw refused();
  });
});
