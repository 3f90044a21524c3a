import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerCookie, createBuyer, operatorCookie } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { files } from '../../db/schema';
import { uploadQuota } from './files';
import { multipart, tinyPng } from './test-kit';

// Issue 11: a store could upload without limit, and an uploaded PDF was served inline on the
// site's origin.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

const upload = (cookie: string, file = { name: '回执.png', bytes: tinyPng, type: 'image/png' }) => {
  const body = multipart({}, file);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
};

async function storeWithUploads(count: number, size: number) {
  const { user } = await createBuyer(ctx.app.db);
  if (count > 0)
    await ctx.app.db.insert(files).values(
      Array.from({ length: count }, (_, i) => ({
        storageKey: `uploads/test/${user.id}-${i}.png`,
        mime: 'image/png',
        size,
        originalName: 'x.png',
        ownerUserId: user.id,
      })),
    );
  return buyerCookie(ctx.app, user.id);
}

describe('daily upload quota per store', () => {
  it(`refuses the file after ${uploadQuota.filesPerDay} of a day, and takes it again the next day`, async () => {
    const cookie = await storeWithUploads(uploadQuota.filesPerDay, 100);
    const refused = await upload(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^今日上传的文件已达上限.*请明天再试$/);
    const realNow = ctx.app.clock.now;
    ctx.app.clock.now = () => new Date(Date.now() + 24 * 3600_000);
    try {
      expect((await upload(cookie)).statusCode).toBe(200);
    } finally {
      ctx.app.clock.now = realNow;
    }
  });

  it('refuses a file that would take the day over the byte quota', async () => {
    const cookie = await storeWithUploads(1, uploadQuota.bytesPerDay - tinyPng.length + 1);
    expect((await upload(cookie)).statusCode).toBe(429);
    const fits = await storeWithUploads(1, uploadQuota.bytesPerDay - tinyPng.length);
    expect((await upload(fits)).statusCode).toBe(200);
  });

  it('counts each store on its own', async () => {
    await storeWithUploads(uploadQuota.filesPerDay, 100);
    expect((await upload(await storeWithUploads(0, 0))).statusCode).toBe(200);
  });
});

describe('GET /api/files/:id', () => {
  it('serves a PDF as an attachment with nosniff, a picture inline', async () => {
    const cookie = await storeWithUploads(0, 0);
    const pdf = await upload(cookie, { name: '回执.pdf', bytes: tinyPdf, type: 'application/pdf' });
    expect(pdf.statusCode).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: pdf.json().data.url, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const png = await upload(cookie);
    const picture = await ctx.app.inject({ method: 'GET', url: png.json().data.url, headers: { cookie } });
    expect(picture.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('lets an operator read a buyer’s file only through a role whose screens show it', async () => {
    const cookie = await storeWithUploads(0, 0);
    const png = await upload(cookie);
    const url = png.json().data.url as string;
    const read = async (role: string | null) => {
      const op = await operatorCookie(ctx.app, role);
      return (await ctx.app.inject({ method: 'GET', url, headers: { cookie: op.cookie } })).statusCode;
    };
    expect(await read('super_admin')).toBe(200);
    expect(await read('quality')).toBe(200);
    expect(await read('service')).toBe(200);
    expect(await read('operations')).toBe(404);
    expect(await read('warehouse')).toBe(404);
    expect(await read(null)).toBe(404);
  });
});
