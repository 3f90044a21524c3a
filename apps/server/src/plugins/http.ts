import compress, { type FastifyCompressOptions } from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import qs from 'qs';
import { buildAssetPath } from './spa';

/** Largest upload (licence scans, after-sales photos). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * Every response over 1 KB is compressed for a client that accepts it (every browser does), with
 * gzip at level 1: a 100-line cart state of 89 KB becomes 11 KB in 0.25 ms. Brotli saves another
 * 2 KB for twice the CPU (quality 4: 0.6 ms), which is not worth it on a response built per
 * request. (bench/bare.ts uses the same options for its floor.)
 */
export const compressOptions: FastifyCompressOptions = {
  encodings: ['gzip'],
  zlibOptions: { level: 1 },
  // Compress in one synchronous call up to 1 MB (the plugin's default on two cores is 8 KB;
  // above it, a zlib stream on the thread pool costs 2.5 times as much per response).
  syncThreshold: 1024 * 1024,
};

/**
 * Security headers (helmet), built once. @fastify/helmet 13 builds the helmet middleware again on
 * every request, parsing the CSP each time (8 µs, about 5% of a small API call's CPU).
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
});

/**
 * The SPAs' hashed build files (`/assets/`, `/admin/assets/`: our own scripts, styles and images)
 * carry only the headers that mean something on a subresource. The document policies (CSP, frame,
 * referrer, opener, HSTS...) act through the HTML page; on each of the dozens of chunks a page
 * loads they were about 700 bytes of the first-load JavaScript budget (issue #17).
 */
const assetHeaders = helmet({
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xContentTypeOptions: true,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/**
 * Transport-level plugins: response compression, security headers, form bodies with qs-style nested keys
 * (`ids[]=1`, `params[0][goods_id]=1`), multipart uploads and the rate limiter (off by default;
 * routes opt in through `config.rateLimit`).
 */
export const httpPlugin = fp(async (app: FastifyInstance, options: { redisPrefix?: string }) => {
  await app.register(compress, compressOptions);
  app.addHook('onRequest', (request, reply, done) => {
    const headers = buildAssetPath.test(request.url) ? assetHeaders : securityHeaders;
    headers(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  await app.register(formbody, {
    parser: (body) => qs.parse(body, { arrayLimit: 1000, depth: 5, parameterLimit: 5000 }),
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 50 } });
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: `${options.redisPrefix ?? 'yc:'}rl:` } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 429,
      message: `操作过于频繁，请${Math.ceil(context.ttl / 1000)}秒后再试`,
      data: null,
    }),
  });
});
