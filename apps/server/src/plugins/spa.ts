import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ApiCode } from '@yaocai/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Where both SPAs' hashed build files live: served as files, never answered with index.html. */
export const buildAssetPath = /^\/(admin\/)?assets\//;

export interface SpaOptions {
  shopDist: string;
  adminDist: string;
  /**
   * Images every shop page shows at the top (the top ad), preloaded from the HTML so the browser
   * fetches them while the JavaScript loads instead of after it asked the API (the top ad is the
   * largest paint of a phone's first screen). Same-origin paths only; a failure adds nothing.
   */
  shopPreloads?: () => Promise<string[]>;
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `<link rel="preload" as="image">` of each same-origin path, before the head's end. */
export function withPreloads(html: string, paths: readonly string[]): string {
  const links = paths
    .filter((p) => p.startsWith('/') && !p.startsWith('//'))
    .map((p) => `<link rel="preload" as="image" href="${attribute(p)}" fetchpriority="high">`)
    .join('');
  return links ? html.replace('</head>', `${links}</head>`) : html;
}

/**
 * Serves the built shop at `/` and the operator console at `/admin`, both in history mode:
 * a GET for an unknown non-API path answers the SPA's index.html, and the SPA's own router
 * shows its /404 page. Unknown /api paths answer the JSON envelope.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: SpaOptions) => {
  const indexOf = (dist: string) => {
    const file = path.join(dist, 'index.html');
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
  const shopIndex = indexOf(options.shopDist);
  const adminIndex = indexOf(options.adminDist);
  // @fastify/static's own Cache-Control (`public, max-age=0`) is turned off (cacheControl: false):
  // it would overwrite this one.
  const immutable = (res: { setHeader(name: string, value: string): void }, file: string) => {
    const cache = file.includes(`${path.sep}assets${path.sep}`)
      ? 'public, max-age=31536000, immutable'
      : 'no-cache';
    res.setHeader('cache-control', cache);
  };
  if (shopIndex) {
    await app.register(fastifyStatic, {
      root: options.shopDist,
      prefix: '/',
      index: false,
      wildcard: false,
      // Both SPAs' builds write .br and .gz beside each asset (@yaocai/web-client/vite-precompress).
      preCompressed: true,
      cacheControl: false,
      setHeaders: immutable,
    });
  }
  if (adminIndex) {
    await app.register(fastifyStatic, {
      root: options.adminDist,
      prefix: '/admin/',
      index: false,
      wildcard: false,
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: immutable,
    });
  }

  const sendIndex = (reply: FastifyReply, html: string) =>
    reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply
        .status(404)
        .send({ code: ApiCode.notFound, message: `接口不存在：${request.method} ${url}`, data: null });
    }
    // A chunk missing after a deploy must fail as a chunk (the SPA's import error), not arrive as HTML.
    if (buildAssetPath.test(url))
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    if ((url === '/admin' || url.startsWith('/admin/')) && adminIndex) return sendIndex(reply, adminIndex);
    if (shopIndex) {
      const preloads = await options.shopPreloads?.().catch(() => []);
      return sendIndex(reply, preloads?.length ? withPreloads(shopIndex, preloads) : shopIndex);
    }
    return reply
      .status(404)
      .type('text/plain; charset=utf-8')
      .send('The shop is not built yet: run `npm run build` (npm start does it for you).');
  });
});
