import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for cookie-authenticated state changes: a browser request that names an
 * Origin (or, failing that, a Referer) must come from this site or a trusted origin. Cookies
 * are also SameSite=Lax, so cross-site POSTs carry no session in modern browsers anyway.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: { trustedOrigins: string[] }) => {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const source = request.headers.origin ?? request.headers.referer;
    if (!source) return;
    let origin: URL;
    try {
      origin = new URL(source);
    } catch {
      throw new AppError(403, '非法的请求来源');
    }
    const host = request.headers['x-forwarded-host'] ?? request.headers.host;
    if (origin.host === host || options.trustedOrigins.includes(origin.origin)) return;
    throw new AppError(403, '非法的请求来源');
  });
});
