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
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><div id="root"></div><!-- ${path.basename(dir)} -->`,
  );
  const asset = path.join(dir, 'assets', 'index-abc123.js');
  writeFileSync(asset, chunk);
  writeFileSync(`${asset}.br`, brotliCompressSync(chunk));
  writeFileSync(`${asset}.gz`, gzipSync(chunk, { level: 9 }));
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'yaocai-spa-'));
  writeDist(path.join(root, 'shop'));
  writeDist(path.join(root, 'admin'));
  writeDist(path.join(root, 'h5'));
  app = Fastify();
  await app.register(httpPlugin);
  await app.register(spaPlugin, {
    shopDist: path.join(root, 'shop'),
    adminDist: path.join(root, 'admin'),
    h5Dist: path.join(root, 'h5'),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('built SPA assets', () => {
  it.each(['/assets/index-abc123.js', '/admin/assets/index-abc123.js', '/m/assets/index-abc123.js'])(
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
    for (const url of ['/', '/list/info/1', '/admin/goods', '/admin/login', '/m/', '/m/goods/1']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br', cookie: 'yc_admin_sid=s1' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toContain('text/html');
    }
  });

  it('serve the mobile site at /m in history mode, its own page for any path below it', async () => {
    for (const url of ['/m', '/m/', '/m/cart', '/m/goods/12?is_yj=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.payload, url).toContain('<!-- h5 -->');
    }
    // A path that only starts with the letter is the shop's.
    expect((await app.inject({ url: '/mall' })).payload).toContain('<!-- shop -->');
  });

  it('send a visitor without an operator session to the console login, not into the console', async () => {
    for (const [url, to] of [
      ['/admin', '/admin/login?redirect=%2F'],
      ['/admin/', '/admin/login?redirect=%2F'],
      ['/admin/goods', '/admin/login?redirect=%2Fgoods'],
    ]) {
      const res = await app.inject({ url, headers: { cookie: 'yc_sid=buyer' } });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(to);
    }
    expect((await app.inject({ url: '/admin/login' })).statusCode).toBe(200);
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

  it.each(['/assets/gone-123.js', '/admin/assets/gone-123.js', '/m/assets/gone-123.js'])(
    'answer 404, not the page, for a chunk that is not there (%s)',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toContain('text/html');
      expect(res.headers['content-security-policy']).toBeUndefined();
    },
  );
});

describe('the home page carries its top ad in the HTML', () => {
  const page = '<!doctype html><head><title>药采</title></head><body><div id="root"></div></body>';

  it('writes the ad (escaped) and its preload into the home page only, not for a buyer who closed it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'yaocai-spa-topad-'));
    for (const name of ['shop', 'admin']) {
      mkdirSync(path.join(dir, name), { recursive: true });
      writeFileSync(path.join(dir, name, 'index.html'), page);
    }
    const server = Fastify();
    let asked = 0;
    await server.register(spaPlugin, {
      shopDist: path.join(dir, 'shop'),
      adminDist: path.join(dir, 'admin'),
      homeTopAd: async () => {
        asked++;
        return { image: '/media/ads/7.svg', title: '新人"专享"<券>', url: 'javascript:alert(1)' };
      },
    });
    try {
      const home = await server.inject({ url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.payload).toBe(
        '<!doctype html><head><title>药采</title>' +
          '<link rel="preload" as="image" href="/media/ads/7.svg" fetchpriority="high"></head><body>' +
          '<aside class="sh-topad" id="sh-topad-static"><div class="sh-topad__inner">' +
          '<a href="#"><img src="/media/ads/7.svg" alt="新人&quot;专享&quot;&lt;券&gt;" width="1200" height="80"></a>' +
          '</div></aside><div id="root"></div></body>',
      );
      expect((await server.inject({ url: '/?from=sms' })).payload).toContain('sh-topad-static');
      for (const other of ['/list', '/admin/goods'])
        expect((await server.inject({ url: other, headers: { cookie: 'yc_admin_sid=s1' } })).payload).toBe(
          page,
        );
      const closed = await server.inject({ url: '/', headers: { cookie: 'yc_sid=x; yc_topad_closed=1' } });
      expect(closed.payload).toBe(page);
      expect(asked).toBe(2);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves out an ad whose image is on another site, and serves the page when the ad cannot be read', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'yaocai-spa-topad-'));
    mkdirSync(path.join(dir, 'shop'), { recursive: true });
    writeFileSync(path.join(dir, 'shop', 'index.html'), page);
    let answer: () => Promise<{ image: string; title: string; url: string }> = async () => ({
      image: '//cdn.example/x.png',
      title: '广告',
      url: '/lqzx',
    });
    const server = Fastify();
    await server.register(spaPlugin, {
      shopDist: path.join(dir, 'shop'),
      adminDist: path.join(dir, 'none'),
      homeTopAd: () => answer(),
    });
    try {
      expect((await server.inject({ url: '/' })).payload).toBe(page);
      answer = () => Promise.reject(new Error('database gone'));
      const res = await server.inject({ url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.payload).toBe(page);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
