import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, operatorCookie } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { goodsImages } from '../../db/schema';
import { variantKey } from './image-variants';

let ctx: TestContext;
let operations: string;

beforeAll(async () => {
  ctx = await createTestApp();
  operations = (await operatorCookie(ctx.app, 'operations')).cookie;
});
afterAll(() => ctx.close());

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: '#0a7c4e' } })
    .toFormat(format)
    .toBuffer();

async function uploaded(bytes: Buffer, type: string): Promise<string> {
  const form = multipart({}, { name: 'goods.img', bytes, type });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/goods/images',
    payload: form.payload,
    headers: { ...form.headers, cookie: operations },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { url: string }).url;
}

const served = (url: string) => ctx.app.inject(url);

describe('goods picture widths (?w=240|480|750)', () => {
  it('serves each width in the original format, made once and kept beside the original', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const original = await picture(1200, 900, format);
      const url = await uploaded(original, `image/${format}`);
      const whole = await served(url);
      expect(whole.rawPayload.equals(original)).toBe(true);
      for (const w of [240, 480, 750] as const) {
        const res = await served(`${url}?w=${w}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(`image/${format}`);
        expect(res.headers['cache-control']).toContain('immutable');
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.format, meta.width]).toEqual([format, w]);
        expect(Math.abs((meta.height ?? 0) - (900 * w) / 1200)).toBeLessThanOrEqual(1);
      }
      const id = Number(url.split('/').pop());
      const [row] = await ctx.app.db.select().from(goodsImages).where(eq(goodsImages.id, id));
      expect(await ctx.app.storage.get(variantKey(row.storageKey, 240))).toBeDefined();
      // A second request answers the kept variant, not a new one (a marker put in its place shows).
      await ctx.app.storage.put(variantKey(row.storageKey, 240), Buffer.from('kept'));
      expect((await served(`${url}?w=240`)).rawPayload.toString()).toBe('kept');
    }
  });

  it('never enlarges: a narrow picture is answered as it is, and no variant is stored', async () => {
    const small = await picture(200, 100, 'png');
    const url = await uploaded(small, 'image/png');
    const res = await served(`${url}?w=750`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(small)).toBe(true);
    const [row] = await ctx.app.db
      .select()
      .from(goodsImages)
      .where(eq(goodsImages.id, Number(url.split('/').pop())));
    expect(await ctx.app.storage.get(variantKey(row.storageKey, 750))).toBeUndefined();
  });

  it('refuses any other width with a field message (422), and a missing picture is 404', async () => {
    const url = await uploaded(await picture(800, 800, 'png'), 'image/png');
    for (const w of ['100', '2000', 'abc', '240.5', '']) {
      const res = await served(`${url}?w=${encodeURIComponent(w)}`);
      expect(res.statusCode, w).toBe(422);
      expect(res.json().data.errors.w).toEqual(['图片宽度只能是240、480、750']);
    }
    expect((await served('/media/goods-images/99999?w=240')).statusCode).toBe(404);
  });

  it('makes variant keys beside the original', () => {
    expect(variantKey('goods-images/0b6c.png', 240)).toBe('goods-images/0b6c.w240.png');
    expect(variantKey('goods-images/a-b.jpeg', 750)).toBe('goods-images/a-b.w750.jpeg');
  });
});
