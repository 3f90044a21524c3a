import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ApiCode, STATIC_TOP_AD_ID, TOP_AD_CLOSED_COOKIE } from '@yaocai/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OPERATOR_COOKIE } from './session';

/** Where the SPAs' hashed build files live: served as files, never answered with index.html. */
export const buildAssetPath = /^\/((admin|m)\/)?assets\//;

export interface SpaOptions {
  shopDist: string;
  adminDist: string;
  /** The mobile site (apps/h5/dist), served at /m/; without it /m/ is the shop's 404 page. */
  h5Dist?: string;
  /**
   * The top ad the home page opens with (the largest paint of a phone's first screen). The
   * server writes it into the home page's HTML, above the app's root, with a preload of its
   * image: it shows while the JavaScript loads, and the shop's TopAd takes its place once
   * rendered (apps/shop/src/layout/TopAd.tsx). The viewer's ad (its audience); same-origin images
   * only; a failure adds nothing.
   */
  homeTopAd?: (request: FastifyRequest) => Promise<{ image: string; title: string; url: string } | undefined>;
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const topAdClosed = new RegExp(`(?:^|;\\s*)${TOP_AD_CLOSED_COOKIE}=1(?:;|$)`);
const operatorSession = new RegExp(`(?:^|;\\s*)${OPERATOR_COOKIE}=[^;]`);
const sameOrigin = (p: string) => p.startsWith('/') && !p.startsWith('//');

/**
 * The home page's HTML with the top ad written in: a preload of its image before `</head>` and
 * the ad itself (TopAd's markup without its close button) before the app's root.
 */
export function withTopAd(html: string, ad: { image: string; title: string; url: string }): string {
  if (!sameOrigin(ad.image) || !html.includes('<div id="root">')) return html;
  const image = attribute(ad.image);
  const link = sameOrigin(ad.url) || /^https?:\/\//.test(ad.url) ? attribute(ad.url) : '#';
  const markup =
    `<aside class="sh-topad" id="${STATIC_TOP_AD_ID}"><div class="sh-topad__inner">` +
    `<a href="${link}"><img src="${image}" alt="${attribute(ad.title)}" width="1200" height="80"></a>` +
    '</div></aside>';
  return html
    .replace('</head>', `<link rel="preload" as="image" href="${image}" fetchpriority="high"></head>`)
    .replace('<div id="root">', `${markup}<div id="root">`);
}

/**
 * Serves the built shop at `/`, the operator console at `/admin` and the mobile site at `/m`,
 * each in history mode:
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
  const h5Index = options.h5Dist ? indexOf(options.h5Dist) : undefined;
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

  if (options.h5Dist && h5Index) {
    await app.register(fastifyStatic, {
      root: options.h5Dist,
      prefix: '/m/',
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
    // A chunk missing after a deploy must fail as a chunk (the SPA's import error), not arrive as
    // HTML; and a scraper pointed at the public port must not read the shop as metrics (they are
    // on METRICS_PORT only).
    if (buildAssetPath.test(url) || url === '/metrics')
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    if ((url === '/admin' || url.startsWith('/admin/')) && adminIndex) {
      // Without an operator session the console would ask /api/admin/me first and be refused
      // (a 401 in the browser's console): a visitor goes to the login page straight away.
      const page = url.slice('/admin'.length) || '/';
      if (page !== '/login' && !operatorSession.test(request.headers.cookie ?? ''))
        return reply.redirect(`/admin/login?redirect=${encodeURIComponent(page)}`);
      return sendIndex(reply, adminIndex);
    }
    if ((url === '/m' || url.startsWith('/m/')) && h5Index) return sendIndex(reply, h5Index);
    if (shopIndex) {
      // Only the home page shows the top ad, and not to a buyer who closed it.
      const closed = topAdClosed.test(request.headers.cookie ?? '');
      const ad =
        url === '/' && !closed ? await options.homeTopAd?.(request).catch(() => undefined) : undefined;
      return sendIndex(reply, ad ? withTopAd(shopIndex, ad) : shopIndex);
    }
    return reply
      .status(404)
      .type('text/plain; charset=utf-8')
      .send('The shop is not built yet: run `npm run build` (npm start does it for you).');
  });
});
