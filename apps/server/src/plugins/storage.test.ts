import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, beijingToday } from '@yaocai/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerCookie, createBuyer, multipart, operatorCookie } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helpers';
import { type S3TestServer, startS3Server } from '../../test/s3-server';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { auditLog, files, goodsImages } from '../db/schema';
import { openS3Storage, type S3FileStorage } from '../lib/s3-storage';

// STORAGE=s3 end to end: two app instances on one database and one bucket (a local s3rver),
// each with a data folder of its own, so whatever one serves of the other's uploads came through
// the bucket.

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let s3: S3TestServer;
let bucket: S3FileStorage;
let ctx: TestContext;
let other: App;
let otherDataDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = await openS3Storage(s3.settings);
  ctx = await createTestApp({ seed: false, config: { storage: s3.storage } });
  otherDataDir = mkdtempSync(path.join(tmpdir(), 'yaocai-other-'));
  other = await buildApp({
    config: { ...loadConfig({ DATA_DIR: otherDataDir, ...s3.env }), seedDemoData: false, logLevel: 'silent' },
    database: ctx.database,
    logger: false,
  });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await ctx?.close();
  bucket?.close();
  await s3?.close();
  rmSync(otherDataDir, { recursive: true, force: true });
});

const upload = (app: App, url: string, cookie: string, name = '许可证.png', bytes = png) => {
  const body = multipart({}, { name, bytes, type: 'image/png' });
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, cookie, origin: 'http://localhost:80' },
  });
};

const storageKeyOf = async (fileId: number) =>
  (await ctx.app.db.select({ key: files.storageKey }).from(files).where(eq(files.id, fileId)))[0].key;

describe('STORAGE=s3', () => {
  it('a licence picture uploaded on one process goes to the bucket and the other serves it after its checks', async () => {
    const buyer = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, buyer.user.id);
    const sent = await upload(ctx.app, '/api/upload', cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    const fileId = sent.json().data.id as number;
    const key = await storageKeyOf(fileId);
    expect(await bucket.size(key)).toBe(png.length);

    const renewal = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/zizhi',
      headers: { cookie },
      payload: {
        kind: 'drug_licence',
        number: '浙AA5719901',
        expires_on: addDays(beijingToday(new Date()), 3 * 365),
        file_id: fileId,
      },
    });
    expect(renewal.statusCode, renewal.body).toBe(200);

    const operator = await operatorCookie(other);
    const read = await other.inject({ url: `/api/files/${fileId}`, headers: { cookie: operator.cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(png)).toBe(true);
    const own = await other.inject({ url: `/api/files/${fileId}`, headers: { cookie } });
    expect(own.rawPayload.equals(png)).toBe(true);

    // The bucket does not bypass the access check: another company's store gets the same 404.
    const stranger = await createBuyer(ctx.app.db);
    const refused = await other.inject({
      url: `/api/files/${fileId}`,
      headers: { cookie: await buyerCookie(other, stranger.user.id) },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('文件不存在');
  });

  it('a goods picture uploaded in the console on one process is public on the other', async () => {
    const operator = await operatorCookie(ctx.app);
    const sent = await upload(ctx.app, '/api/admin/goods/images', operator.cookie, 'a.png');
    expect(sent.statusCode, sent.body).toBe(200);
    const served = await other.inject(sent.json().data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('a row whose object is gone answers 404 in Chinese, never a 500', async () => {
    const buyer = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, buyer.user.id);
    const sent = await upload(ctx.app, '/api/upload', cookie);
    const fileId = sent.json().data.id as number;
    await bucket.delete(await storageKeyOf(fileId));
    const read = await other.inject({ url: `/api/files/${fileId}`, headers: { cookie } });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: 404, message: '文件不存在' });

    const operator = await operatorCookie(ctx.app);
    const image = await upload(ctx.app, '/api/admin/goods/images', operator.cookie, 'b.png');
    const imageId = image.json().data.id as number;
    const [row] = await ctx.app.db.select().from(goodsImages).where(eq(goodsImages.id, imageId));
    await bucket.delete(row.storageKey);
    const gone = await other.inject(`/media/goods-images/${imageId}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe('图片不存在');
  });

  it('with the store down an upload answers 503 in Chinese and records nothing; it works again after', async () => {
    const buyer = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, buyer.user.id);
    const kept = await upload(ctx.app, '/api/upload', cookie);
    const keptId = kept.json().data.id as number;
    const operator = await operatorCookie(ctx.app);
    const filesOf = async () =>
      (await ctx.app.db.select({ n: count() }).from(files).where(eq(files.ownerUserId, buyer.user.id)))[0].n;
    const imagesOf = async () =>
      (
        await ctx.app.db
          .select({ n: count() })
          .from(goodsImages)
          .where(eq(goodsImages.operatorId, operator.operatorId))
      )[0].n;
    const auditsOf = async () =>
      (
        await ctx.app.db
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'goods.image'), eq(auditLog.operatorId, operator.operatorId)))
      )[0].n;
    const before = { files: await filesOf(), images: await imagesOf(), audits: await auditsOf() };

    await s3.stop();
    try {
      const refused = await upload(ctx.app, '/api/upload', cookie);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 503, message: '文件存储暂时不可用，请稍后重试' });
      const image = await upload(ctx.app, '/api/admin/goods/images', operator.cookie, 'c.png');
      expect(image.statusCode).toBe(503);
      expect(image.json().message).toBe('文件存储暂时不可用，请稍后重试');
      expect({ files: await filesOf(), images: await imagesOf(), audits: await auditsOf() }).toEqual(before);
      // Reading an existing file is a 503 as well, not a 500 nor a misleading 404.
      const read = await other.inject({ url: `/api/files/${keptId}`, headers: { cookie } });
      expect(read.statusCode).toBe(503);
      expect(read.json().message).toBe('文件存储暂时不可用，请稍后重试');
      await expect(other.storage.check()).rejects.toThrow(/S3 bucket yaocai-test/);
    } finally {
      await s3.start();
    }
    await other.storage.check();
    const again = await upload(ctx.app, '/api/upload', cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(await filesOf()).toBe(before.files + 1);
  });
});

describe('STORAGE configuration', () => {
  const full = {
    STORAGE: 's3',
    S3_ENDPOINT: 'https://s3.oss-cn-hangzhou.aliyuncs.com',
    S3_BUCKET: 'yaocai-files',
    S3_REGION: 'cn-hangzhou',
    S3_ACCESS_KEY_ID: 'LTAI5tExampleKeyId',
    S3_SECRET_ACCESS_KEY: 'very-secret-value',
  };

  it('is local disk unless STORAGE=s3', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(() => loadConfig({ STORAGE: 'oss' })).toThrow('STORAGE=oss: expected local or s3');
  });

  it('names every missing variable and never echoes a key', () => {
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'yaocai-files' })).toThrow(
      'STORAGE=s3 needs S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (missing or empty)',
    );
    for (const [name, value, expected] of [
      [
        'S3_ENDPOINT',
        's3.oss-cn-hangzhou.aliyuncs.com',
        /^S3_ENDPOINT=.*expected the service's http\(s\) address/,
      ],
      ['S3_ENDPOINT', 'https://s3.oss-cn-hangzhou.aliyuncs.com/yaocai', /^S3_ENDPOINT=/],
      ['S3_BUCKET', 'Yaocai_Files', /^S3_BUCKET=Yaocai_Files: expected a bucket name/],
      ['S3_REGION', 'cn hangzhou', /^S3_REGION=cn hangzhou: expected a region name/],
      ['S3_FORCE_PATH_STYLE', 'yes', /^S3_FORCE_PATH_STYLE=yes: expected 1/],
    ] as const) {
      let message = '';
      try {
        loadConfig({ ...full, [name]: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(expected);
      expect(message).not.toContain('very-secret-value');
    }
  });

  it('reads the bucket, path style off unless S3_FORCE_PATH_STYLE=1', () => {
    expect(loadConfig(full).storage).toEqual({
      kind: 's3',
      endpoint: 'https://s3.oss-cn-hangzhou.aliyuncs.com',
      bucket: 'yaocai-files',
      region: 'cn-hangzhou',
      accessKeyId: 'LTAI5tExampleKeyId',
      secretAccessKey: 'very-secret-value',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...full, S3_FORCE_PATH_STYLE: '1' }).storage).toMatchObject({ forcePathStyle: true });
  });
});
