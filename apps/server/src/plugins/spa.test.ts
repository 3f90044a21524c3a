import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpPlugin } from './http';
import { spaPlugin } from './spa';

/** Both SPAs' builds as Vite and its precompress plugin write them: assets with .br and .gz beside. */
let root: string;
let app: FastifyInstance;
const chunk = `export const text = ${JSON.stringify('药采'.repeat(2000))};\n`;

function writeDist(dir: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  const asset = path.join(dir, 'assets', 'index-abc123.js');
  writeFileSync(asset, chunk);
  writeFileSync(`${asset}.br`, brotliCompressSync(chunk));
  writeFileSync(`${asset}.gz`, gzipSync(chunk, { level: 9 }));
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'yaocai-spa-'));
  writeDist(path.join(root, 'shop'));
  writeDist(path.join(root, 'admin'));
  app = Fastify();
  await app.register(httpPlugin);
  await app.register(spaPlugin, { shopDist: path.join(root, 'shop'), adminDist: path.join(root, 'admin') });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('built SPA assets', () => {
  it.each(['/assets/index-abc123.js', '/admin/assets/index-abc123.js'])(
    'are sent as the build compressed them, brotli first, cached for a year (%s)',
    async (url) => {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(chunk);
      const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
    },
  );

  it('go uncompressed to a client that accepts no encoding', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.payload).toBe(chunk);
  });

  it('leave index.html uncached, so a new build is picked up at once', async () => {
    for (const url of ['/', '/list/info/1', '/admin/goods']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toContain('text/html');
    }
  });

  it('carry only the subresource security headers; the page carries the document policies', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['strict-transport-security']).toBeUndefined();
    const page = await app.inject({ url: '/list' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it.each(['/assets/gone-123.js', '/admin/assets/gone-123.js'])(
    'answer 404, not the page, for a chunk that is not there (%s)',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toContain('text/html');
      expect(res.headers['content-security-policy']).toBeUndefined();
    },
  );
});

describe('the shop page preloads its top images', () => {
  it('adds a preload link per same-origin image before </head>, escaped; none on the console', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'yaocai-spa-preload-'));
    for (const name of ['shop', 'admin']) {
      mkdirSync(path.join(dir, name), { recursive: true });
      writeFileSync(
        path.join(dir, name, 'index.html'),
        '<!doctype html><head><title>药采</title></head><body></body>',
      );
    }
    const preloading = Fastify();
    let asked = 0;
    await preloading.register(spaPlugin, {
      shopDist: path.join(dir, 'shop'),
      adminDist: path.join(dir, 'admin'),
      shopPreloads: async () => {
        asked++;
        return ['/media/ads/7.svg', 'https://elsewhere.example/x.png', '//cdn.example/y.png', '/a"b<c'];
      },
    });
    try {
      const shop = await preloading.inject({ url: '/list' });
      expect(shop.statusCode).toBe(200);
      expect(shop.payload).toBe(
        '<!doctype html><head><title>药采</title>' +
          '<link rel="preload" as="image" href="/media/ads/7.svg" fetchpriority="high">' +
          '<link rel="preload" as="image" href="/a&quot;b&lt;c" fetchpriority="high"></head><body></body>',
      );
      const console_ = await preloading.inject({ url: '/admin/goods' });
      expect(console_.payload).not.toContain('preload');
      expect(asked).toBe(1);
    } finally {
      await preloading.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves the page without them when they cannot be read', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'yaocai-spa-preload-'));
    mkdirSync(path.join(dir, 'shop'), { recursive: true });
    writeFileSync(path.join(dir, 'shop', 'index.html'), '<head></head>');
    const failing = Fastify();
    await failing.register(spaPlugin, {
      shopDist: path.join(dir, 'shop'),
      adminDist: path.join(dir, 'none'),
      shopPreloads: () => Promise.reject(new Error('database gone')),
    });
    try {
      const res = await failing.inject({ url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.payload).toBe('<head></head>');
    } finally {
      await failing.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
